import { formatCredits, formatGBP, type UserDto, updateUserCreditsSchema } from '@ecu/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { adminApi } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { CreditButtons, type CreditChange } from './credit-buttons';
import { AfterRestore, EmailText, ListDesk, listStateRow } from './list-parts';
import { PriceEditor } from './price-editor';
import { adminKeys } from './queries';
import { useAdminList } from './use-admin-list';
import { useCreditsCommand } from './user-commands';

const COLUMNS = 6;
const NOTE_MAX = 500;

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
  return (
    <AfterRestore>
      <CreditsDesk />
    </AfterRestore>
  );
}

function CreditsDesk() {
  const list = useAdminList<UserDto>({
    name: 'credits',
    queryKey: (q) => adminKeys.userList('all', q),
    fetchPage: (query, signal) => adminApi.listUsers('all', query, signal),
    idOf: (user) => user._id,
    matches: matchesUser,
    loadError: 'Failed to load credits data',
  });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [resetTarget, setResetTarget] = useState<UserDto | null>(null);
  const credits = useCreditsCommand();

  function setRowBusy(id: string, on: boolean) {
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function adjust(user: UserDto, change: CreditChange): Promise<void> {
    const parsed = updateUserCreditsSchema.safeParse({
      userId: user._id,
      credits: change,
      note: note || undefined,
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Failed to update the credits');
      return;
    }
    setRowBusy(user._id, true);
    const answer = await credits.run(parsed.data);
    setRowBusy(user._id, false);
    if (answer) setNote('');
  }

  async function confirmReset() {
    if (!resetTarget) return;
    await adjust(resetTarget, 'reset');
    setResetTarget(null);
  }

  const locked = !list.online;

  return (
    <ListDesk
      title="Credits"
      intro="Adjust credit balances and per-credit prices. Every change is written to the credit ledger."
      label="Users"
      list={list}
      search={{ label: 'Search users', placeholder: 'Search by name or email' }}
      tools={
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
          <span id="ledger-note-hint" className="sr-only">
            The note is stored with the next +1, +5, -1 or reset, then cleared.
          </span>
        </div>
      }
      noun={['user', 'users']}
      after={
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
      }
    >
      <table className="admin-table">
        <caption className="sr-only">Credit balances and prices of users</caption>
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
                busy={busy.has(user._id)}
                locked={locked}
                onAdjust={(credits) => adjust(user, credits)}
                onReset={() => setResetTarget(user)}
                onBusy={(on) => setRowBusy(user._id, on)}
              />
            ))}
        </tbody>
      </table>
    </ListDesk>
  );
}

function UserRow({
  user,
  busy,
  locked,
  onAdjust,
  onReset,
  onBusy,
}: {
  user: UserDto;
  busy: boolean;
  locked: boolean;
  onAdjust: (credits: CreditChange) => void;
  onReset: () => void;
  onBusy: (on: boolean) => void;
}) {
  const name = fullName(user);
  return (
    <tr aria-busy={busy}>
      <td>
        <span className={name ? 'admin-user-name' : 'muted'}>{name || 'No name yet'}</span>
      </td>
      <td data-label="Email" className="admin-email">
        <EmailText email={user.email} />
      </td>
      <td data-label="Credits" className="num">
        <span className="admin-credits">{formatCredits(user.credits)}</span>
      </td>
      <td data-label="Credit Price">
        <PriceEditor user={user} busy={busy} onBusy={onBusy} />
      </td>
      <td data-label="Money Spent" className="num">
        {formatGBP(user.totalMoneySpent)}
      </td>
      <td data-label="Actions">
        <CreditButtons
          email={user.email}
          empty={user.credits <= 0}
          locked={locked}
          disabled={locked || busy}
          hints
          onAdjust={onAdjust}
          onReset={onReset}
        />
      </td>
    </tr>
  );
}
