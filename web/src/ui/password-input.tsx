import { useLingui } from '@lingui/react/macro';
import type { InputHTMLAttributes } from 'react';

/** A password field whose visibility is controlled from outside (one toggle may drive two fields). */
export function PasswordInput({
  visible,
  onToggle,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { visible: boolean; onToggle?: () => void }) {
  const { t } = useLingui();
  return (
    <div className="password-wrap">
      <input {...props} type={visible ? 'text' : 'password'} className="input" />
      {onToggle && (
        <button
          type="button"
          className="password-toggle"
          onClick={onToggle}
          aria-label={visible ? t`Hide password` : t`Show password`}
        >
          {visible ? t`Hide` : t`Show`}
        </button>
      )}
    </div>
  );
}
