import {
  formatCredits,
  formatGBP,
  type UpdateUserCreditsInput,
  type UserDto,
  updatePerCreditPriceSchema,
  updateUserCreditsSchema,
} from '@ecu/shared';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { messageOf } from '../local/api-client';
import { adminApi } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { EmailText, ListFooter, listStateRow, OfflineNotice, SearchField } from './list-parts';
import { type PagedList, usePagedList } from './use-paged-list';

type CreditChange = UpdateUserCreditsInput['credits'];

const COLUMNS = 6;
const NOTE_MAX = 500;
const DEFAULT_PER_CREDIT_PRICE = 60;

function fullName(user: UserDto): string {
  return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
}

function matchesUser(user: UserDto, q: string): boolean {
  const needle = q.toLowerCase();
  return [user.email, user.firstName, user.lastName, fullName(user)].some((v) =>
    v?.toLowerCase().includes(needle),
  );
}

/** Admin credits desk (/credits): balances (+1, +5, -1, reset) and per-credit prices. */
export default function CreditsPage() {
  const list = usePagedList<UserDto>({
    cacheKey: 'credits-users',
    fetchPage: (query, signal) => adminApi.getAllUsers(query, signal),
    idOf: (user) => user._id,
    matches: matchesUser,
    loadError: 'Failed to load credits data',
  });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [resetTarget, setResetTarget] = useState<UserDto | null>(null);

  function setRowBusy(id: string, on: boolean) {
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function adjust(user: UserDto, credits: CreditChange): Promise<void> {
    // Admins act on live data: offline, nothing is sent and nothing is queued (DECISIONS 1).
    if (!list.online) return;
    const parsed = updateUserCreditsSchema.safeParse({ userId: user._id, credits, note: note || undefined });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Failed to update the credits');
      return;
    }
    setRowBusy(user._id, true);
    try {
      const { data, message } = await adminApi.updateUserCredits(parsed.data);
      list.replaceRow(data);
      setNote('');
      toast.success(message || 'Credits updated');
    } catch (err) {
      toast.error(messageOf(err, 'Failed to update the credits'));
    } finally {
      setRowBusy(user._id, false);
    }
  }

  async function confirmReset() {
    if (!resetTarget) return;
    await adjust(resetTarget, 'reset');
    setResetTarget(null);
  }

  const locked = !list.online;

  return (
    <div className="stack admin-page">
      <div className="page-header">
        <div className="title-row">
          <h1>Credits</h1>
          {list.stale && <span className="badge badge-offline">Offline copy</span>}
        </div>
        <p>Adjust credit balances and per-credit prices. Every change is written to the credit ledger.</p>
      </div>

      {list.stale && <OfflineNotice loadedAt={list.loadedAt} />}

      <section className="card admin-card" aria-label="Users">
        <div className="admin-toolbar">
          <SearchField
            label="Search users"
            placeholder="Search by name or email"
            value={list.q}
            onChange={list.setQ}
          />
          <div className="admin-field admin-note">
            <label htmlFor="ledger-note">Note for the ledger</label>
            <input
              id="ledger-note"
              className="input"
              placeholder="Optional; saved with the next adjustment"
              maxLength={NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              disabled={locked}
              aria-describedby="ledger-note-hint"
            />
            <span id="ledger-note-hint" className="admin-sr-only">
              The note is stored with the next +1, +5, -1 or reset, then cleared.
            </span>
          </div>
        </div>

        <div className="admin-table-wrap" aria-busy={list.status === 'loading' || list.refreshing}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Email</th>
                <th scope="col" className="num">
                  Credits
                </th>
                <th scope="col" className="admin-col-price">
                  Credit Price
                </th>
                <th scope="col" className="num">
                  Money Spent
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {listStateRow(list, {
                colSpan: COLUMNS,
                loading: 'Fetching Users...',
                empty: 'No users found.',
              }) ??
                list.rows.map((user) => (
                  <UserRow
                    key={user._id}
                    user={user}
                    list={list}
                    busy={busy.has(user._id)}
                    locked={locked}
                    onAdjust={(credits) => adjust(user, credits)}
                    onReset={() => setResetTarget(user)}
                    onBusy={(on) => setRowBusy(user._id, on)}
                  />
                ))}
            </tbody>
          </table>
        </div>
        <ListFooter list={list} noun={['user', 'users']} />
      </section>

      <ConfirmDialog
        open={resetTarget !== null}
        title="Reset credits?"
        confirmLabel="Reset credits"
        busy={resetTarget ? busy.has(resetTarget._id) : false}
        disabled={locked}
        onConfirm={confirmReset}
        onCancel={() => setResetTarget(null)}
      >
        {resetTarget && (
          <>
            <p>
              The balance of <strong>{fullName(resetTarget) || resetTarget.email}</strong> (
              {resetTarget.email}) goes from <strong>{formatCredits(resetTarget.credits)}</strong> to{' '}
              <strong>0 CRD</strong>.
            </p>
            {note.trim() ? (
              <p className="muted">Ledger note: “{note.trim()}”</p>
            ) : (
              <p className="muted">The reset is recorded in the credit ledger.</p>
            )}
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

function UserRow({
  user,
  list,
  busy,
  locked,
  onAdjust,
  onReset,
  onBusy,
}: {
  user: UserDto;
  list: PagedList<UserDto>;
  busy: boolean;
  locked: boolean;
  onAdjust: (credits: CreditChange) => void;
  onReset: () => void;
  onBusy: (on: boolean) => void;
}) {
  const name = fullName(user);
  const disabled = locked || busy;
  const empty = user.credits <= 0;
  return (
    <tr aria-busy={busy}>
      <td>
        <span className={name ? 'admin-user-name' : 'muted'}>{name || 'No name yet'}</span>
      </td>
      <td className="admin-email">
        <EmailText email={user.email} />
      </td>
      <td className="num">
        <span className="admin-credits">{formatCredits(user.credits)}</span>
      </td>
      <td>
        <PriceEditor user={user} list={list} locked={locked} busy={busy} onBusy={onBusy} />
      </td>
      <td className="num">{formatGBP(user.totalMoneySpent)}</td>
      <td>
        <div className="admin-credit-buttons">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Add 1 credit to ${user.email}`}
            title="Add 1 credit"
            disabled={disabled}
            onClick={() => onAdjust(1)}
          >
            +1
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Add 5 credits to ${user.email}`}
            title="Add 5 credits"
            disabled={disabled}
            onClick={() => onAdjust(5)}
          >
            +5
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Remove 1 credit from ${user.email}`}
            title={empty ? 'The balance is 0' : 'Remove 1 credit'}
            disabled={disabled || empty}
            onClick={() => onAdjust(-1)}
          >
            -1
          </button>
          <button
            type="button"
            className="btn btn-sm admin-btn-danger-outline"
            aria-label={`Reset credits of ${user.email}`}
            title={empty ? 'The balance is already 0' : 'Reset the balance to 0'}
            disabled={disabled || empty}
            onClick={onReset}
          >
            Reset
          </button>
        </div>
      </td>
    </tr>
  );
}

function PriceEditor({
  user,
  list,
  locked,
  busy,
  onBusy,
}: {
  user: UserDto;
  list: PagedList<UserDto>;
  locked: boolean;
  busy: boolean;
  onBusy: (on: boolean) => void;
}) {
  const price = user.perCreditPrice ?? DEFAULT_PER_CREDIT_PRICE;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);

  function open() {
    setValue(Number(price).toFixed(2));
    setInvalid(false);
    setEditing(true);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (locked) return;
    const parsed = updatePerCreditPriceSchema.safeParse({ userId: user._id, creditPrice: value });
    if (!parsed.success) {
      setInvalid(true);
      toast.error('Enter a valid price');
      return;
    }
    setInvalid(false);
    setSaving(true);
    onBusy(true);
    try {
      const { data, message } = await adminApi.updatePerCreditPrice(parsed.data);
      list.replaceRow(data);
      setEditing(false);
      toast.success(message || 'Credit price updated!');
    } catch (err) {
      toast.error(messageOf(err, 'Failed to update price'));
    } finally {
      setSaving(false);
      onBusy(false);
    }
  }

  if (!editing) {
    return (
      <div className="admin-price">
        <span>{formatGBP(price)}</span>
        <button
          type="button"
          className="admin-icon-btn"
          aria-label={`Edit credit price for ${user.email}`}
          title="Edit the price per credit"
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
          aria-label={`Price per credit in pounds for ${user.email}`}
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
        aria-label={`Save credit price for ${user.email}`}
        disabled={locked || saving}
      >
        {saving ? 'Saving...' : 'Save'}
      </button>
      <button
        type="button"
        className="admin-icon-btn"
        aria-label={`Cancel editing the credit price for ${user.email}`}
        title="Cancel"
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
