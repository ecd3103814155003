import type { UpdateUserCreditsInput } from '@ecu/shared';
import { OFFLINE_ACTION_TEXT } from './use-admin-command';

export type CreditChange = UpdateUserCreditsInput['credits'];

const CHANGES: { change: CreditChange; text: string; hint: string; label: (email: string) => string }[] = [
  { change: 1, text: '+1', hint: 'Add 1 credit', label: (email) => `Add 1 credit to ${email}` },
  { change: 5, text: '+5', hint: 'Add 5 credits', label: (email) => `Add 5 credits to ${email}` },
  { change: -1, text: '-1', hint: 'Remove 1 credit', label: (email) => `Remove 1 credit from ${email}` },
];

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
  return (
    <div className="admin-credit-buttons">
      {CHANGES.map(({ change, text, hint, label }) => {
        const off = change === -1 && empty;
        return (
          <button
            key={text}
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={label(email)}
            title={locked ? OFFLINE_ACTION_TEXT : hints ? (off ? 'The balance is 0' : hint) : undefined}
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
        aria-label={`Reset credits of ${email}`}
        title={locked ? OFFLINE_ACTION_TEXT : empty ? 'The balance is already 0' : 'Reset the balance to 0'}
        disabled={disabled || empty}
        onClick={onReset}
      >
        Reset
      </button>
    </div>
  );
}
