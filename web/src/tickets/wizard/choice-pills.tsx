/** A radio group drawn as pills (transmission, master/slave). */
export function ChoicePills<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  required = false,
  hint,
}: {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T) => void;
  error?: string;
  required?: boolean;
  hint?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="wiz-fieldset"
      aria-invalid={Boolean(error)}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>
        {legend}
        {required && (
          <span className="req" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className="wiz-pills">
        {options.map((o) => (
          <label key={o.value} className={`wiz-pill${value === o.value ? ' selected' : ''}`}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {hint && <span className="wiz-hint">{hint}</span>}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
