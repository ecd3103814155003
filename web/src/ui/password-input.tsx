import type { InputHTMLAttributes } from 'react';

/** A password field whose visibility is controlled from outside (one toggle may drive two fields). */
export function PasswordInput({
  visible,
  onToggle,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { visible: boolean; onToggle?: () => void }) {
  return (
    <div className="password-wrap">
      <input {...props} type={visible ? 'text' : 'password'} className="input" />
      {onToggle && (
        <button
          type="button"
          className="password-toggle"
          onClick={onToggle}
          aria-label={visible ? 'Hide password' : 'Show password'}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      )}
    </div>
  );
}
