import type { UpdateUserCreditsInput } from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import { useOfflineActionText } from './use-admin-command';

export type CreditChange = UpdateUserCreditsInput['credits'];

/**
 * The balance adjustments (+1, +5, -1, reset) of one account. -1 and reset are off at a zero
 * balance; `hints` also gives +1, +5 and -1 a tooltip (the credits desk's rows, which have no
 * other words around them).
 */
export function CreditButtons({
  email,
  empty,
  locked,
  disabled,
  hints = false,
  onAdjust,
  onReset,
}: {
  email: string;
  /** The balance is 0 or less. */
  empty: boolean;
  /** Offline: the buttons say why they are off. */
  locked: boolean;
  /** Off for another reason (offline, or a change under way). */
  disabled: boolean;
  hints?: boolean;
  onAdjust: (change: CreditChange) => void;
  onReset: () => void;
}) {
  const { t } = useLingui();
  const offlineText = useOfflineActionText();
  const changes: { change: CreditChange; text: string; hint: string; label: string }[] = [
    { change: 1, text: '+1', hint: t`Add 1 credit`, label: t`Add 1 credit to ${email}` },
    { change: 5, text: '+5', hint: t`Add 5 credits`, label: t`Add 5 credits to ${email}` },
    { change: -1, text: '-1', hint: t`Remove 1 credit`, label: t`Remove 1 credit from ${email}` },
  ];
  return (
    <div className="admin-credit-buttons">
      {changes.map(({ change, text, hint, label }) => {
        const off = change === -1 && empty;
        return (
          <button
            key={text}
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={label}
            title={locked ? offlineText : hints ? (off ? t`The balance is 0` : hint) : undefined}
            disabled={disabled || off}
            onClick={() => onAdjust(change)}
          >
            {text}
          </button>
        );
      })}
      <button
        type="button"
        className="btn btn-sm admin-btn-danger-outline"
        aria-label={t`Reset credits of ${email}`}
        title={locked ? offlineText : empty ? t`The balance is already 0` : t`Reset the balance to 0`}
        disabled={disabled || empty}
        onClick={onReset}
      >
        {t`Reset`}
      </button>
    </div>
  );
}
