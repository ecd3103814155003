import type { ReactNode } from 'react';
import { validationMessage } from '../i18n';

/**
 * A form field: its label, the control, and the error under it. The control is the
 * caller's (text, password, select…); give it `aria-describedby={errorIdOf(id)}` when it
 * has an error.
 */
export function Field({
  id,
  label,
  error,
  starred = false,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Marks the label as required with a red star (hidden from screen readers: the input says it). */
  starred?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {starred && (
          <span className="req" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <span className="field-error" id={errorIdOf(id)}>
          {validationMessage(error)}
        </span>
      )}
    </div>
  );
}

export function errorIdOf(id: string): string {
  return `${id}-error`;
}
