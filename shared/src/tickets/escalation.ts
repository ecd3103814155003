import { z } from 'zod';
import { openMinutesBetween, type WorkingHours } from '../settings/working-hours';

/**
 * Escalation (docs/decisions/090-escalation.md): a ticket that waits longer than a threshold,
 * counted in open minutes of the working hours, is overdue. The desk flags it; the API pushes
 * its assignee (stage 1) and, once it has waited another full threshold, the admins (stage 2).
 */

/** The longest threshold: 30 days of open minutes. */
export const ESCALATION_MINUTES_MAX = 43_200;

const thresholdMinutes = (label: string) =>
  z.coerce
    .number({ error: `${label}: enter a whole number of minutes` })
    .int(`${label}: enter a whole number of minutes`)
    .min(0, `${label}: 0 turns it off, or at least 1 minute`)
    .max(ESCALATION_MINUTES_MAX, `${label}: at most ${ESCALATION_MINUTES_MAX} minutes`);

/** Settings 'Escalation': thresholds in open minutes, 0 = off. */
export const escalationSettingsSchema = z.object({
  pendingMinutes: thresholdMinutes('Pending'),
  inProgressMinutes: thresholdMinutes('In Progress'),
  unansweredMinutes: thresholdMinutes('Unanswered customer message'),
});
export type EscalationSettings = z.infer<typeof escalationSettingsSchema>;

/** Off on a fresh install: an admin sets the thresholds the desk works to. */
export const DEFAULT_ESCALATION_SETTINGS: EscalationSettings = {
  pendingMinutes: 0,
  inProgressMinutes: 0,
  unansweredMinutes: 0,
};

/** What a ticket waits for: its status to move on, or a reply to its customer. */
export type OverdueReason = 'status' | 'unanswered';

export interface OverdueCheck {
  reason: OverdueReason;
  /** Since when it waits (the status entry, or the oldest unanswered customer message). */
  since: Date;
  threshold: number;
  /** Open minutes past the threshold, whole, at least 1. */
  minutesOver: number;
  /** 1: tell the assignee; 2: it waited another full threshold, tell the admins. */
  stage: 1 | 2;
}

export interface OverdueInput {
  settings: EscalationSettings;
  hours: WorkingHours;
  now: Date;
  status: string;
  /** When the ticket entered its status. */
  statusSince: Date;
  /** The oldest customer message no staff member has read, or null. */
  unansweredSince: Date | null;
  /**
   * When the ticket waited on its customer (counter-offers, docs/decisions/091-counter-offers.md):
   * the status clock does not count these spans; `to` null is an offer still open.
   */
  pausedSpans?: readonly { from: Date; to: Date | null }[];
}

/** Open minutes of the paused spans that fall between `since` and `now`. */
function pausedMinutes(
  spans: readonly { from: Date; to: Date | null }[],
  hours: WorkingHours,
  since: Date,
  now: Date,
): number {
  let total = 0;
  for (const span of spans) {
    const from = Math.max(span.from.getTime(), since.getTime());
    const to = Math.min((span.to ?? now).getTime(), now.getTime());
    if (to > from) total += openMinutesBetween(hours, new Date(from), new Date(to));
  }
  return total;
}

function check(
  reason: OverdueReason,
  threshold: number,
  since: Date,
  hours: WorkingHours,
  now: Date,
  paused: readonly { from: Date; to: Date | null }[] = [],
): OverdueCheck | null {
  if (!(threshold > 0)) return null;
  const waited = openMinutesBetween(hours, since, now) - pausedMinutes(paused, hours, since, now);
  const over = Math.floor(waited - threshold);
  if (over < 1) return null;
  return { reason, since, threshold, minutesOver: over, stage: over >= threshold ? 2 : 1 };
}

/** Every way the ticket is overdue now (none when the thresholds are off or not reached). */
export function overdueChecks(input: OverdueInput): OverdueCheck[] {
  const { settings, hours, now, status, statusSince, unansweredSince, pausedSpans } = input;
  const statusThreshold =
    status === 'Pending'
      ? settings.pendingMinutes
      : status === 'In Progress'
        ? settings.inProgressMinutes
        : 0;
  return [
    check('status', statusThreshold, statusSince, hours, now, pausedSpans),
    unansweredSince ? check('unanswered', settings.unansweredMinutes, unansweredSince, hours, now) : null,
  ].filter((c): c is OverdueCheck => c !== null);
}

/** Open minutes the ticket is overdue by (the larger of its reasons), or null when it is not. */
export function overdueMinutes(input: OverdueInput): number | null {
  const checks = overdueChecks(input);
  return checks.length === 0 ? null : Math.max(...checks.map((c) => c.minutesOver));
}
