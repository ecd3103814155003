import { countryName } from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';

/**
 * Flag SVGs from the `flag-icons` package (MIT), bundled by Vite so they work offline.
 * The brace list is the 75 codes of COUNTRY_CODES in @ecu/shared, lowercased and sorted
 * (import.meta.glob needs a literal, so regenerate it if that list changes).
 * Small flags are inlined as data: URLs, the rest become hashed assets precached by the service worker.
 */
const flagModules = import.meta.glob<string>(
  '../../node_modules/flag-icons/flags/4x3/{ae,af,al,am,ar,at,au,az,bd,be,bg,bh,br,ca,ch,cl,cn,co,cy,cz,de,dk,dz,ee,eg,es,fi,fr,gb,ge,gr,hk,hr,hu,id,ie,il,in,iq,is,it,jo,jp,ke,kw,kz,lb,lt,lu,lv,ma,mt,mx,my,ng,nl,no,nz,om,ph,pk,pl,pt,qa,ro,rs,sa,se,sg,si,sk,tr,us,vn,za}.svg',
  { eager: true, query: '?url', import: 'default' },
);

const FLAG_URLS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(flagModules).map(([path, url]) => [path.slice(-6, -4).toUpperCase(), url]),
);

/** Applied only when no className is given, so a className can restyle the flag completely. */
const defaultStyle: CSSProperties = {
  display: 'inline-block',
  width: 24,
  height: 18,
  borderRadius: 3,
  // Keeps white-edged flags (JP, PL, CY…) distinct from a white background.
  boxShadow: '0 0 0 1px rgba(15, 23, 42, 0.12)',
  objectFit: 'cover',
  verticalAlign: 'middle',
  flexShrink: 0,
};

/**
 * The country's flag, 24x18 with rounded corners by default (width/height attributes plus an inline
 * style that is dropped when `className` is passed); a neutral grey placeholder titled "No country"
 * when the code is unknown or empty.
 */
/** The country's name in the shown language (Intl.DisplayNames), English as shared names it. */
function localCountryName(code: string, locale: string, english: string): string {
  if (locale === 'en' || locale === 'pseudo' || typeof Intl.DisplayNames !== 'function') return english;
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code) ?? english;
}

export function CountryFlag({ code, className }: { code: string | null | undefined; className?: string }) {
  const { t, i18n } = useLingui();
  const upper = code?.trim().toUpperCase() ?? '';
  const url = FLAG_URLS[upper];
  const english = countryName(upper);
  const name = english && localCountryName(upper, i18n.locale, english);
  if (!url || !name) {
    return (
      <svg
        className={className}
        style={className ? undefined : defaultStyle}
        width={24}
        height={18}
        viewBox="0 0 24 18"
        role="img"
        aria-label={t`No country`}
        xmlns="http://www.w3.org/2000/svg"
      >
        <title>{t`No country`}</title>
        <rect x="0.5" y="0.5" width="23" height="17" rx="2.5" fill="#e2e8f0" stroke="#94a3b8" />
      </svg>
    );
  }
  return (
    <img
      className={className}
      style={className ? undefined : defaultStyle}
      src={url}
      alt={name}
      title={name}
      width={24}
      height={18}
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  );
}
