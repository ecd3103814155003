import { overdueChecks } from '@ecu/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ticketEscalations } from '../db/schema';
import type { Notifier } from '../notifications';
import { escalationOff, escalationRules, ticketWaits } from './waits';

export const ESCALATION_SCHEDULE = 'escalation';

export interface EscalationDeps {
  db: Db;
  config: Config;
  notifications: Pick<Notifier, 'queue'>;
}

/**
 * One run of the 'escalation' schedule (every 5 minutes, one process per tick): every ticket
 * overdue now gets one notice per reason and stage. Stage 1 goes to its assignee (the admins
 * when nobody is assigned), stage 2 to the admins. A notice's row (ticket, reason, stage, since
 * when it waits) is inserted with its pushes in one transaction; a row already there means it
 * was sent, so a rerun, a second process or an overlapping run sends nothing twice. A ticket
 * that re-enters a status, or gets a new unanswered message, waits from a new time: new notices.
 * Answers how many notices it queued.
 */
export async function runEscalations(deps: EscalationDeps, now = new Date()): Promise<number> {
  const { db, config, notifications } = deps;
  const { settings, hours } = await escalationRules(db, config);
  if (escalationOff(settings)) return 0;
  let queued = 0;
  for (const wait of await ticketWaits(db, null)) {
    for (const check of overdueChecks({ settings, hours, now, ...wait })) {
      // Stage 2 implies stage 1 was due: a ticket first seen at stage 2 tells both.
      for (const stage of check.stage === 2 ? ([1, 2] as const) : ([1] as const)) {
        const sent = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(ticketEscalations)
            .values({ ticketId: wait.ticketId, reason: check.reason, stage, since: check.since })
            .onConflictDoNothing()
            .returning({ ticketId: ticketEscalations.ticketId });
          if (!row) return false;
          await notifications.queue(
            {
              kind: 'overdue',
              ticketNumber: wait.ticketNumber,
              reason: check.reason,
              status: wait.status,
              minutesOver: check.minutesOver,
              threshold: check.threshold,
              stage,
              to: stage === 1 && wait.assigneeId ? { userId: wait.assigneeId } : 'admins',
            },
            {
              key: `escalation:${wait.ticketId}:${check.reason}:${stage}:${check.since.getTime()}`,
              tx,
            },
          );
          return true;
        });
        if (sent) queued++;
      }
    }
  }
  return queued;
}
