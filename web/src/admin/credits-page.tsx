import { formatCredits, formatGBP, type UserDto, updateUserCreditsSchema } from '@ecu/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useFormatLocale } from '../i18n';
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
  const { t } = useLingui();
  const list = useAdminList<UserDto>({
    name: 'credits',
    queryKey: (q) => adminKeys.userList('all', q),
    fetchPage: (query, signal) => adminApi.listUsers('all', query, signal),
    idOf: (user) => user._id,
    matches: matchesUser,
    loadError: t`Failed to load credits data`,
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
      toast.error(parsed.error.issues[0]?.message ?? t`Failed to update the credits`);
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
  const ledgerNote = note.trim();

  return (
    <ListDesk
      title={t`Credits`}
      intro={t`Adjust credit balances and per-credit prices. Every change is written to the credit ledger.`}
      label={t`Users`}
      list={list}
      search={{ label: t`Search users`, placeholder: t`Search by name or email` }}
      tools={
        <div className="admin-field admin-note">
          <label htmlFor="ledger-note">
            <Trans>Note for the ledger</Trans>
          </label>
          <input
            id="ledger-note"
            className="input"
            placeholder={t`Optional; saved with the next adjustment`}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            disabled={locked}
            aria-describedby="ledger-note-hint"
          />
          <span id="ledger-note-hint" className="sr-only">
            <Trans>The note is stored with the next +1, +5, -1 or reset, then cleared.</Trans>
          </span>
        </div>
      }
      noun={(count) => plural(count, { one: 'Showing # user', other: 'Showing # users' })}
      after={
        <ConfirmDialog
          open={resetTarget !== null}
          title={t`Reset credits?`}
          confirmLabel={t`Reset credits`}
          busy={resetTarget ? busy.has(resetTarget._id) : false}
          disabled={locked}
          onConfirm={confirmReset}
          onCancel={() => setResetTarget(null)}
        >
          {resetTarget && (
            <>
              <ResetQuestion user={resetTarget} />
              {note.trim() ? (
                <p className="muted">{t`Ledger note: “${ledgerNote}”`}</p>
              ) : (
                <p className="muted">
                  <Trans>The reset is recorded in the credit ledger.</Trans>
                </p>
              )}
            </>
          )}
        </ConfirmDialog>
      }
    >
      <table className="admin-table">
        <caption className="sr-only">
          <Trans>Credit balances and prices of users</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>User</Trans>
            </th>
            <th scope="col">
              <Trans>Email</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Credits</Trans>
            </th>
            <th scope="col" className="admin-col-price">
              <Trans>Credit Price</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Money Spent</Trans>
            </th>
            <th scope="col">
              <Trans>Actions</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {listStateRow(list, {
            colSpan: COLUMNS,
            loading: t`Fetching Users...`,
            empty: t`No users found.`,
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
  const { t } = useLingui();
  const locale = useFormatLocale();
  const name = fullName(user);
  return (
    <tr aria-busy={busy}>
      <td>
        <span className={name ? 'admin-user-name' : 'muted'}>{name || t`No name yet`}</span>
      </td>
      <td data-label={t`Email`} className="admin-email">
        <EmailText email={user.email} />
      </td>
      <td data-label={t`Credits`} className="num">
        <span className="admin-credits">{formatCredits(user.credits, locale)}</span>
      </td>
      <td data-label={t`Credit Price`}>
        <PriceEditor user={user} busy={busy} onBusy={onBusy} />
      </td>
      <td data-label={t`Money Spent`} className="num">
        {formatGBP(user.totalMoneySpent, locale)}
      </td>
      <td data-label={t`Actions`}>
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

/** The reset dialog's question: whose balance goes from what to 0. */
function ResetQuestion({ user }: { user: UserDto }) {
  const locale = useFormatLocale();
  const who = fullName(user) || user.email;
  const email = user.email;
  const balance = formatCredits(user.credits, locale);
  const zero = formatCredits(0, locale);
  return (
    <p>
      <Trans>
        The balance of <strong>{who}</strong> ({email}) goes from <strong>{balance}</strong> to{' '}
        <strong>{zero}</strong>.
      </Trans>
    </p>
  );
}
