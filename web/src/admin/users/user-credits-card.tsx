import { type AdminUserDetailDto, formatCredits, formatDateTime, type LedgerEntryDto } from '@ecu/shared';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { CreditButtons, type CreditChange } from '../credit-buttons';
import { TableMessage } from '../list-parts';
import { useCreditsCommand } from '../user-commands';
import { creditReasonError, REASON_MAX } from './credit-reason';
import { actorText, ledgerKindText, signedDelta } from './history-wording';
import { useUserSection } from './use-user-section';
import { SectionFooter } from './user-history';
import { displayName } from './user-names';

/**
 * The user's credits: the balance, an adjustment (+1, +5, -1, reset) that must say why (the
 * reason is stored in the ledger), and the ledger with its running balance, actor and reason.
 */
export function UserCreditsCard({ detail, readOnly }: { detail: AdminUserDetailDto; readOnly: boolean }) {
  const { user } = detail;
  const command = useCreditsCommand();
  const ledger = useUserSection(detail, 'ledger');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resetAsked, setResetAsked] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const errorId = useId();
  const locked = command.locked;
  const empty = user.credits <= 0;

  /** The reason, or null after showing why it cannot go (the field gets the focus). */
  function checkedReason(): string | null {
    const problem = creditReasonError(reason);
    setError(problem);
    if (problem) {
      reasonRef.current?.focus();
      return null;
    }
    return reason.trim();
  }

  async function adjust(change: CreditChange) {
    const note = checkedReason();
    if (note === null) return;
    const answer = await command.run({ userId: user._id, credits: change, note });
    if (answer) setReason('');
  }

  return (
    <section className="card admin-card" aria-labelledby={`${reasonId}-title`}>
      <div className="admin-card-head">
        <h2 id={`${reasonId}-title`}>Credits</h2>
        <span className="admin-credits" data-testid="user-credits">
          {formatCredits(user.credits)}
        </span>
      </div>

      {!readOnly && (
        <form className="admin-adjust" noValidate onSubmit={(e) => e.preventDefault()}>
          <div className="admin-field admin-adjust-reason">
            <label htmlFor={reasonId}>
              Reason<span className="req">*</span>
            </label>
            <textarea
              ref={reasonRef}
              id={reasonId}
              className="input"
              rows={2}
              required
              maxLength={REASON_MAX}
              placeholder="Why the balance changes; saved in the ledger"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              disabled={locked || command.pending}
            />
            {error && (
              <span id={errorId} className="field-error" role="alert">
                {error}
              </span>
            )}
          </div>
          <CreditButtons
            email={user.email}
            empty={empty}
            locked={locked}
            disabled={locked || command.pending}
            onAdjust={(change) => void adjust(change)}
            onReset={() => {
              if (checkedReason() !== null) setResetAsked(true);
            }}
          />
        </form>
      )}

      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="sr-only">Credit ledger of {user.email}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="num">
                Change
              </th>
              <th scope="col" className="num">
                Balance after
              </th>
              <th scope="col">Kind</th>
              <th scope="col">By</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {ledger.rows.length === 0 ? (
              <TableMessage colSpan={6}>No credit changes yet.</TableMessage>
            ) : (
              ledger.rows.map((entry) => <LedgerRow key={entry.id} entry={entry} />)
            )}
          </tbody>
        </table>
      </div>
      <SectionFooter section={ledger} noun={['ledger line', 'ledger lines']} />

      <ConfirmDialog
        open={resetAsked}
        title="Reset credits?"
        confirmLabel="Reset credits"
        busy={command.pending}
        disabled={locked}
        onConfirm={async () => {
          await adjust('reset');
          setResetAsked(false);
        }}
        onCancel={() => setResetAsked(false)}
      >
        <p>
          The balance of <strong>{displayName(user)}</strong> ({user.email}) goes from{' '}
          <strong>{formatCredits(user.credits)}</strong> to <strong>0 CRD</strong>.
        </p>
        <p className="muted">Reason: “{reason.trim()}”</p>
      </ConfirmDialog>
    </section>
  );
}

function LedgerRow({ entry }: { entry: LedgerEntryDto }) {
  return (
    <tr>
      <td data-label="Date" className="admin-date">
        {formatDateTime(entry.createdAt)}
      </td>
      <td
        data-label="Change"
        className={`num ${entry.delta > 0 ? 'admin-delta-up' : entry.delta < 0 ? 'admin-delta-down' : ''}`}
      >
        {signedDelta(entry.delta)}
      </td>
      <td data-label="Balance after" className="num">
        {formatCredits(entry.balanceAfter)}
      </td>
      <td data-label="Kind">{ledgerKindText(entry.kind)}</td>
      <td data-label="By">{actorText(entry.actor)}</td>
      <td data-label="Reason" className="admin-reason">
        {entry.note?.trim() || <span className="muted">—</span>}
      </td>
    </tr>
  );
}
