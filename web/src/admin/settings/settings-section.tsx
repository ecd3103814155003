import { Trans } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import { errorIdOf, Field } from '../../ui/field';
import { useOfflineActionText } from '../use-admin-command';

/** One section of /settings: a form of its own with its Save button. */
export function SettingsSection({
  title,
  description,
  saveLabel,
  online,
  saving,
  dirty,
  onSubmit,
  children,
  testId,
}: {
  title: string;
  description: string;
  /** The Save button's words, e.g. 'Save seller'. */
  saveLabel: string;
  online: boolean;
  saving: boolean;
  dirty: boolean;
  onSubmit: () => void;
  children: ReactNode;
  testId: string;
}) {
  const headingId = useId();
  const reasonId = useId();
  const offlineText = useOfflineActionText();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (online && !saving) onSubmit();
  }
  return (
    <form
      className="card settings-section"
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      data-testid={testId}
    >
      <div className="settings-section-head">
        <h2 id={headingId}>{title}</h2>
        <p className="muted">{description}</p>
      </div>
      <div className="settings-section-body">{children}</div>
      <div className="settings-section-foot">
        {!online ? (
          <span id={reasonId} className="muted">
            {offlineText}
          </span>
        ) : (
          dirty && (
            <span className="muted">
              <Trans>Unsaved changes</Trans>
            </span>
          )
        )}
        <button
          type="submit"
          className="btn"
          disabled={!online || saving}
          aria-describedby={!online ? reasonId : undefined}
        >
          {saving ? <Trans>Saving...</Trans> : saveLabel}
        </button>
      </div>
    </form>
  );
}

/** A labelled text input with its error under it. */
export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  disabled,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  multiline,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  disabled: boolean;
  type?: 'text' | 'email';
  inputMode?: 'decimal' | 'email' | 'text';
  autoComplete?: string;
  maxLength?: number;
  multiline?: boolean;
  hint?: string;
}) {
  const hintId = `${id}-hint`;
  const describedBy =
    [error ? errorIdOf(id) : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    value,
    disabled,
    maxLength,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy,
  };
  return (
    <Field id={id} label={label} error={error}>
      {multiline ? (
        <textarea {...common} className="textarea" rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          className="input"
          inputMode={inputMode}
          autoComplete={autoComplete ?? 'off'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint && (
        <span id={hintId} className="muted settings-hint">
          {hint}
        </span>
      )}
    </Field>
  );
}

/** Focus the field of the first error (fields are there whether or not they have an error). */
export function focusField(id: string | undefined) {
  if (id) document.getElementById(id)?.focus();
}
