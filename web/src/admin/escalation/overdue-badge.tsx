import { overdueShort, overdueSpoken } from './overdue-format';
import './overdue.css';

/**
 * The 'Overdue' flag of a queue or inbox row: a ticket that waited past its escalation
 * threshold, counted in working hours (docs/decisions/090-escalation.md). Said in text, not
 * colour alone; nothing when the ticket is not overdue.
 */
export function OverdueBadge({ minutes }: { minutes: number | null | undefined }) {
  if (minutes == null || !(minutes > 0)) return null;
  return (
    <span className="badge badge-overdue" data-testid="overdue-badge">
      <span aria-hidden="true">Overdue {overdueShort(minutes)}</span>
      <span className="sr-only">Overdue by {overdueSpoken(minutes)} of working time</span>
    </span>
  );
}
