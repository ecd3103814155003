import { type AdminUserDetailDto, formatCredits, formatDateTime, type LedgerEntryDto } from '@ecu/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { useFormatLocale } from '../../i18n';
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
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const email = user.email;
  const name = displayName(user);
  const balance = formatCredits(user.credits, locale);
  const zero = formatCredits(0, locale);
  const shownReason = reason.trim();

  /** The reason, or null after showing why it cannot go (the field gets the focus). */
  function checkedReason(): string | null {
    const problem = creditReasonError(reason, i18n);
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
        <h2 id={`${reasonId}-title`}>
          <Trans>Credits</Trans>
        </h2>
        <span className="admin-credits" data-testid="user-credits">
          {balance}
        </span>
      </div>

      {!readOnly && (
        <form className="admin-adjust" noValidate onSubmit={(e) => e.preventDefault()}>
          <div className="admin-field admin-adjust-reason">
            <label htmlFor={reasonId}>
              <Trans>Reason</Trans>
              <span className="req">*</span>
            </label>
            <textarea
              ref={reasonRef}
              id={reasonId}
              className="input"
              rows={2}
              required
              maxLength={REASON_MAX}
              placeholder={t`Why the balance changes; saved in the ledger`}
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
          <caption className="sr-only">
            <Trans>Credit ledger of {email}</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Change</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Balance after</Trans>
              </th>
              <th scope="col">
                <Trans>Kind</Trans>
              </th>
              <th scope="col">
                <Trans>By</Trans>
              </th>
              <th scope="col">
                <Trans>Reason</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.rows.length === 0 ? (
              <TableMessage colSpan={6}>
                <Trans>No credit changes yet.</Trans>
              </TableMessage>
            ) : (
              ledger.rows.map((entry) => <LedgerRow key={entry.id} entry={entry} />)
            )}
          </tbody>
        </table>
      </div>
      <SectionFooter
        section={ledger}
        showing={(count) => (
          <Plural value={count} one="Showing # ledger line" other="Showing # ledger lines" />
        )}
        more={t`Load more ledger lines`}
      />

      <ConfirmDialog
        open={resetAsked}
        title={t`Reset credits?`}
        confirmLabel={t`Reset credits`}
        busy={command.pending}
        disabled={locked}
        onConfirm={async () => {
          await adjust('reset');
          setResetAsked(false);
        }}
        onCancel={() => setResetAsked(false)}
      >
        <p>
          <Trans>
            The balance of <strong>{name}</strong> ({email}) goes from <strong>{balance}</strong> to{' '}
            <strong>{zero}</strong>.
          </Trans>
        </p>
        <p className="muted">
          <Trans>Reason: “{shownReason}”</Trans>
        </p>
      </ConfirmDialog>
    </section>
  );
}

function LedgerRow({ entry }: { entry: LedgerEntryDto }) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  return (
    <tr>
      <td data-label={t`Date`} className="admin-date">
        {formatDateTime(entry.createdAt, undefined, locale)}
      </td>
      <td
        data-label={t`Change`}
        className={`num ${entry.delta > 0 ? 'admin-delta-up' : entry.delta < 0 ? 'admin-delta-down' : ''}`}
      >
        {signedDelta(entry.delta)}
      </td>
      <td data-label={t`Balance after`} className="num">
        {formatCredits(entry.balanceAfter, locale)}
      </td>
      <td data-label={t`Kind`}>{ledgerKindText(entry.kind, i18n)}</td>
      <td data-label={t`By`}>{actorText(entry.actor, i18n)}</td>
      <td data-label={t`Reason`} className="admin-reason">
        {entry.note?.trim() || <span className="muted">—</span>}
      </td>
    </tr>
  );
}
