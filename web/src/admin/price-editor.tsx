import { formatGBP, type UserDto } from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { useFormatLocale } from '../i18n';
import { creditPriceInput, DEFAULT_PER_CREDIT_PRICE, INVALID_PRICE, priceFieldText } from './credit-price';
import { useOfflineActionText } from './use-admin-command';
import { usePriceCommand } from './user-commands';

/**
 * A user's per-credit price with an edit button; editing shows an input and Save (empty or
 * <= 0 is 'Enter a valid price', checked before anything is sent: docs/product.md#6-credits-and-payments).
 * Used on the credits desk, the user lists and a user's page.
 */
export function PriceEditor({
  user,
  busy = false,
  onBusy,
}: {
  user: UserDto;
  /** Another command on this user is running. */
  busy?: boolean;
  onBusy?: (on: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const offlineText = useOfflineActionText();
  const locale = useFormatLocale();
  const email = user.email;
  const command = usePriceCommand();
  const locked = command.locked;
  const price = user.perCreditPrice ?? DEFAULT_PER_CREDIT_PRICE;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const saving = command.pending;

  function open() {
    setValue(priceFieldText(price));
    setInvalid(false);
    setEditing(true);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const input = creditPriceInput(user._id, value);
    if (!input) {
      setInvalid(true);
      toast.error(i18n._(INVALID_PRICE));
      return;
    }
    setInvalid(false);
    onBusy?.(true);
    const answer = await command.run(input);
    onBusy?.(false);
    if (answer) setEditing(false);
  }

  if (!editing) {
    return (
      <div className="admin-price">
        <span>{formatGBP(price, locale)}</span>
        <button
          type="button"
          className="admin-icon-btn"
          aria-label={t`Edit credit price for ${email}`}
          title={locked ? offlineText : t`Edit the price per credit`}
          disabled={locked || busy}
          onClick={open}
        >
          <svg viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M13.6 3.4a2 2 0 0 1 2.9 2.9l-9 9-3.9 1 1-3.9 9-9Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
    );
  }

  return (
    <form
      className="admin-price-form"
      onSubmit={save}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !saving) setEditing(false);
      }}
    >
      <span className="admin-price-input">
        <span aria-hidden="true">£</span>
        <input
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          className="input"
          aria-label={t`Price per credit in pounds for ${email}`}
          aria-invalid={invalid}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
          }}
          disabled={saving}
          // biome-ignore lint/a11y/noAutofocus: the admin just asked to edit this one field
          autoFocus
        />
      </span>
      <button
        type="submit"
        className="btn btn-sm"
        aria-label={t`Save credit price for ${email}`}
        title={locked ? offlineText : undefined}
        disabled={locked || saving}
      >
        {saving ? t`Saving...` : t`Save`}
      </button>
      <button
        type="button"
        className="admin-icon-btn"
        aria-label={t`Cancel editing the credit price for ${email}`}
        title={t`Cancel`}
        disabled={saving}
        onClick={() => setEditing(false)}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true">
          <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
