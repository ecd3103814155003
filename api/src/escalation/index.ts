/**
 * Escalation's public module (docs/decisions/090-escalation.md): the `overdue` field of the
 * desk's lists, and the schedule that tells the assignee, then the admins.
 */
export { ESCALATION_SCHEDULE, runEscalations } from './schedule';
export { overdueByTicket, UNANSWERED_MESSAGES, withOverdue } from './waits';
