import { COUNTRIES, type Country } from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

/**
 * The countries as the chosen language names and sorts them (Intl.DisplayNames and Collator);
 * English keeps the portal's own list, names and order.
 */
function countriesIn(locale: string): readonly Country[] {
  if (locale === 'en' || typeof Intl.DisplayNames !== 'function') return COUNTRIES;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((c) => ({ ...c, name: names.of(c.code) ?? c.name })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** The country dropdown of onboarding and profile settings: 'Name (CODE)', value = code. */
export function CountrySelect({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
}) {
  const { t, i18n } = useLingui();
  const countries = useMemo(() => countriesIn(i18n.locale), [i18n.locale]);
  return (
    <select
      id={id}
      name={id}
      className="select"
      autoComplete="country"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid}
    >
      <option value="">{t`Select a country`}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name} ({c.code})
        </option>
      ))}
    </select>
  );
}
