import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useDomainName } from '../../i18n';
import type { TicketView } from '../common/api';
import { ticketStatus } from '../common/status';

export interface ChainLink {
  ticketNumber: number;
  label: string;
  to: string;
}

/**
 * A ticket's place in its revision chain (docs/decisions/040-revisions.md) as links: the ticket it
 * revises, and its revisions with their status. `path` makes the link (customer or admin page).
 */
export function chainLinks(
  ticket: Pick<TicketView, 'revisionOf' | 'revisions'>,
  path: (ticketNumber: number) => string,
  /** The status's name in the reader's language (as stored unless given). */
  statusName: (status: string) => string = (s) => s,
): { revisionOf: ChainLink | null; revisions: ChainLink[] } {
  const parent = ticket.revisionOf;
  return {
    revisionOf: parent
      ? { ticketNumber: parent.ticketNumber, label: `#${parent.ticketNumber}`, to: path(parent.ticketNumber) }
      : null,
    revisions: (ticket.revisions ?? []).map((r) => ({
      ticketNumber: r.ticketNumber,
      label: `#${r.ticketNumber} (${statusName(ticketStatus(r.status))})`,
      to: path(r.ticketNumber),
    })),
  };
}

/** 'Revision of #100123' and 'Revisions: #100130 (Pending)'; nothing for a ticket outside a chain. */
export function RevisionChain({
  ticket,
  path,
}: {
  ticket: Pick<TicketView, 'revisionOf' | 'revisions'>;
  path: (ticketNumber: number) => string;
}) {
  const { t } = useLingui();
  const { revisionOf, revisions } = chainLinks(ticket, path, useDomainName());
  if (!revisionOf && revisions.length === 0) return null;
  const parent = revisionOf?.label;
  return (
    <nav className="revision-chain" aria-label={t`Revisions`}>
      {revisionOf && (
        <p>
          <Trans>
            Revision of <Link to={revisionOf.to}>{parent}</Link>
          </Trans>
        </p>
      )}
      {revisions.length > 0 && (
        <p>
          <Trans>Revisions:</Trans>{' '}
          {revisions.map((r, i) => (
            <span key={r.ticketNumber}>
              {i > 0 && ', '}
              <Link to={r.to}>{r.label}</Link>
            </span>
          ))}
        </p>
      )}
    </nav>
  );
}
