/** Escalation on the desk: the Overdue flag of the queue and the inbox (docs/decisions/090-escalation.md). */
export { OverdueBadge } from './overdue-badge';
