import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A small modal question. The native <dialog> brings the focus trap, Escape and the backdrop;
 * it focuses Cancel first, the safe choice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  disabled = false,
  tone = 'danger',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** The confirm button is off (offline); the body says why. */
  disabled?: boolean;
  /** 'danger' for what takes something away, 'primary' for what gives it back. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is Escape (the native cancel)
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => open && onCancel()}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its card) cancels.
        if (e.target === e.currentTarget && !busy) onCancel();
      }}
      onCancel={(e) => {
        // Escape while the command runs would hide its outcome.
        if (busy) e.preventDefault();
      }}
    >
      {open && (
        <div className="admin-dialog-card">
          <h2 id={titleId}>{title}</h2>
          <div id={bodyId} className="admin-dialog-body">
            {children}
          </div>
          <div className="admin-dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className={tone === 'danger' ? 'btn admin-btn-danger' : 'btn'}
              onClick={onConfirm}
              disabled={busy || disabled}
            >
              {busy ? t`Working...` : confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
