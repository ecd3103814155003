import { COUNTRIES } from '@ecu/shared';

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
      <option value="">Select a country</option>
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name} ({c.code})
        </option>
      ))}
    </select>
  );
}
