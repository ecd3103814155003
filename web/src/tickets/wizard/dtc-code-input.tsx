import { DTC_CODES_MAX, DTC_MESSAGES, dtcLabel, parseDtcList } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import '../common/dtc-codes.css';
import { useWizardText } from './wizard-words';

/**
 * The wizard's fault-code list, asked for when the plan has DTC OFF
 * (docs/decisions/092-fault-code-lists.md): type one code or several, Add; each shows its
 * description or 'manufacturer-specific', and a Remove button.
 */
export function DtcCodeInput({
  codes,
  onChange,
}: {
  codes: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const wizardText = useWizardText();
  const inputId = useId();
  const errorId = useId();
  const headingId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function add(e?: FormEvent) {
    e?.preventDefault();
    const { codes: typed, invalid } = parseDtcList(text);
    const first = invalid[0];
    if (first !== undefined) {
      setError(DTC_MESSAGES.invalid(first));
      return;
    }
    if (typed.length === 0) {
      setError(t`Type a fault code, like P0420`);
      return;
    }
    const next = [...codes, ...typed.filter((c) => !codes.includes(c))];
    if (next.length > DTC_CODES_MAX) {
      setError(DTC_MESSAGES.tooMany);
      return;
    }
    onChange(next);
    setText('');
    setError(null);
  }

  return (
    <section className="dtc-input" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Fault codes to remove</Trans>
      </h3>
      <p className="muted">
        <Trans>
          The DTC OFF codes, one at a time or several separated by commas or spaces: P-codes and manufacturer
          codes (P, C, B or U and four characters).
        </Trans>
      </p>
      <div className="dtc-add">
        <div className="field">
          <label htmlFor={inputId}>
            <Trans>Fault code</Trans>
          </label>
          <input
            id={inputId}
            className="input"
            value={text}
            placeholder={t`e.g. P0420`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Enter adds the code; it must not submit the whole step.
              if (e.key === 'Enter') add(e);
            }}
          />
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => add()}>
          <Trans>Add</Trans>
        </button>
      </div>
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {wizardText(error)}
        </span>
      )}
      {codes.length > 0 && (
        <ul className="dtc-list" aria-label={t`Fault codes to remove`}>
          {codes.map((code) => (
            <li key={code} className="dtc-item">
              <span className="dtc-code">{code}</span>
              <span className="dtc-label muted">{dtcLabel(code)}</span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={t`Remove ${code}`}
                onClick={() => onChange(codes.filter((c) => c !== code))}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
