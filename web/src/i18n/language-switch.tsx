import { LOCALE_NAMES, LOCALES, type Locale } from '@ecu/shared/i18n/locales';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { chooseLocale, PSEUDO_LOCALE } from './i18n';

/**
 * The language menu of the top bars, the signed-out screens and the profile: each language by
 * its own name. The choice is kept on this device; signed in, `onChosen` tells the account.
 */
export function LanguageSwitch({
  className = 'language-switch',
  onChosen,
}: {
  className?: string;
  onChosen?: (locale: Locale) => void;
}) {
  const id = useId();
  const { i18n } = useLingui();
  return (
    <div className={className}>
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className="theme-switch-select language-switch-select"
        value={i18n.locale}
        onChange={(e) => {
          const locale = e.target.value as Locale;
          void chooseLocale(locale, { signedIn: Boolean(onChosen) }).then(() => onChosen?.(locale));
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
        {i18n.locale === PSEUDO_LOCALE && (
          // Shown only while a ?locale=pseudo link has it on (i18n.ts).
          <option value={PSEUDO_LOCALE}>Pseudo</option>
        )}
      </select>
    </div>
  );
}
