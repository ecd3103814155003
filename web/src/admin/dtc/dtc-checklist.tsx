import { dtcLabel, type TicketDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useAdminCommand } from '../use-admin-command';
import { dtcApi } from './dtc-api';

/**
 * The engineer's checklist of the ticket's fault codes (docs/decisions/092-fault-code-lists.md):
 * ticking a code says the tuned file no longer raises it; the customer's page and the Unlocked
 * mail list the ticked ones as removed. Its look (dtc-list, dtc-item) comes with the tickets
 * feature's RequestCard on the same page.
 */
export function DtcChecklist({
  ticket,
  online,
  onChanged,
}: {
  ticket: TicketDto;
  online: boolean;
  onChanged: (ticket: TicketDto) => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const codes = ticket.dtcCodes ?? [];
  const command = useAdminCommand({
    send: ({ code, removed }: { code: string; removed: boolean }) =>
      dtcApi.tick(ticket.ticketNumber, code, removed),
    failure: t`The fault code was not saved`,
    onSuccess: (answer) => onChanged(answer.data),
  });
  if (codes.length === 0) return null;
  const done = codes.filter((c) => c.removed).length;
  return (
    <section className="card ticket-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Fault codes</Trans>
      </h2>
      <p className="muted" aria-live="polite">
        <RemovedCount done={done} total={codes.length} />
      </p>
      <ul className="dtc-list">
        {codes.map((c) => (
          <li key={c.code} className={`dtc-item${c.removed ? ' dtc-removed' : ''}`}>
            <label className="dtc-check">
              <input
                type="checkbox"
                checked={c.removed}
                disabled={!online || command.pending}
                onChange={(e) => void command.run({ code: c.code, removed: e.target.checked })}
              />
              <span className="dtc-code">{c.code}</span>
              <span className="dtc-label muted">{dtcLabel(c.code)}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** '2 of 5 removed'. */
function RemovedCount({ done, total }: { done: number; total: number }) {
  return (
    <Trans>
      {done} of {total} removed
    </Trans>
  );
}
