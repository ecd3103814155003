import { Trans, useLingui } from '@lingui/react/macro';
import { overdueShort, overdueSpoken } from './overdue-format';
import './overdue.css';

/**
 * The 'Overdue' flag of a queue or inbox row: a ticket that waited past its escalation
 * threshold, counted in working hours (docs/decisions/090-escalation.md). Said in text, not
 * colour alone; nothing when the ticket is not overdue.
 */
export function OverdueBadge({ minutes }: { minutes: number | null | undefined }) {
  const { i18n } = useLingui();
  if (minutes == null || !(minutes > 0)) return null;
  const short = overdueShort(minutes, i18n);
  const spoken = overdueSpoken(minutes, i18n);
  return (
    <span className="badge badge-overdue" data-testid="overdue-badge">
      <span aria-hidden="true">
        <Trans>Overdue {short}</Trans>
      </span>
      <span className="sr-only">
        <Trans>Overdue by {spoken} of working time</Trans>
      </span>
    </span>
  );
}
