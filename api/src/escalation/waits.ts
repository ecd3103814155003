import { type EscalationSettings, overdueMinutes, type WorkingHours } from '@ecu/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { getSettings } from '../settings';

/**
 * Customer messages that arrived after the last time any staff member reported reading that
 * ticket's chat, grouped per ticket: the support inbox and escalation both read this.
 */
export const UNANSWERED_MESSAGES = sql`
  with support_read as (
    select m.ticket_id, max(m.updated_at) as read_at
    from chat_read_markers m join users a on a.id = m.user_id and a.role in ('admin', 'engineer')
    group by m.ticket_id
  )
  select cm.ticket_id, count(*)::int as unread, min(cm.received_at) as waiting_since,
    (array_agg(cm.preview order by cm.received_at desc))[1] as last_message
  from chat_messages cm
  left join support_read sr on sr.ticket_id = cm.ticket_id
  where cm.from_customer and cm.received_at > coalesce(sr.read_at, '-infinity'::timestamptz)
  group by cm.ticket_id`;

/** What a ticket waits for, and since when. */
export interface TicketWait {
  ticketId: string;
  ticketNumber: number;
  status: string;
  assigneeId: string | null;
  /** When it entered its status: its latest status change, or its creation. */
  statusSince: Date;
  /** The oldest customer message no staff member has read, or null. */
  unansweredSince: Date | null;
  /** Spans spent awaiting the customer's answer to a counter-offer (docs/decisions/091-counter-offers.md). */
  pausedSpans: { from: Date; to: Date | null }[];
}

interface WaitRow {
  id: string;
  ticket_number: number;
  status: string;
  assignee_id: string | null;
  status_since: string | Date;
  waiting_since: string | Date | null;
  paused: { from: string; to: string | null }[] | string | null;
}

function spansOf(raw: WaitRow['paused']): { from: Date; to: Date | null }[] {
  const spans = typeof raw === 'string' ? (JSON.parse(raw) as { from: string; to: string | null }[]) : raw;
  return (spans ?? []).map((s) => ({ from: new Date(s.from), to: s.to ? new Date(s.to) : null }));
}

/**
 * The waits of the given tickets, or (`ticketIds` null) of every ticket that can be overdue: a
 * Pending or In Progress one, or one with an unanswered customer message.
 */
export async function ticketWaits(db: Db | Tx, ticketIds: string[] | null): Promise<TicketWait[]> {
  if (ticketIds?.length === 0) return [];
  const which = ticketIds
    ? sql`t.id in (${sql.join(
        ticketIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`(t.status in ('Pending', 'In Progress') or w.ticket_id is not null)`;
  const result = await db.execute(sql`
    with waiting as (${UNANSWERED_MESSAGES})
    select t.id, t.ticket_number, t.status, t.assignee_id, w.waiting_since,
      coalesce(
        (select max(e.created_at) from ticket_events e
          where e.ticket_id = t.id and e.kind = 'status_changed'),
        t.created_at) as status_since,
      (select json_agg(json_build_object('from', o.created_at, 'to', o.answered_at))
        from ticket_counter_offers o where o.ticket_id = t.id) as paused
    from tickets t
    left join waiting w on w.ticket_id = t.id
    where ${which}
    order by t.ticket_number`);
  return rowsOf<WaitRow>(result).map((r) => ({
    ticketId: r.id,
    ticketNumber: Number(r.ticket_number),
    status: r.status,
    assigneeId: r.assignee_id,
    statusSince: new Date(r.status_since),
    unansweredSince: r.waiting_since ? new Date(r.waiting_since) : null,
    pausedSpans: spansOf(r.paused),
  }));
}

export interface EscalationRules {
  settings: EscalationSettings;
  hours: WorkingHours;
}

export async function escalationRules(db: Db | Tx, config: Config): Promise<EscalationRules> {
  const s = await getSettings(db, config);
  return { settings: s.escalation, hours: s.hours };
}

const allOff = (s: EscalationSettings) =>
  s.pendingMinutes === 0 && s.inProgressMinutes === 0 && s.unansweredMinutes === 0;

/**
 * Open minutes each given ticket is overdue by (null when it is not), computed now: the
 * `overdue` field of the desk's lists. null while every threshold is off: the lists then carry
 * no `overdue` field at all, as before escalation existed.
 */
export async function overdueByTicket(
  db: Db,
  config: Config,
  ticketIds: string[],
  now = new Date(),
): Promise<Map<string, number | null> | null> {
  const { settings, hours } = await escalationRules(db, config);
  if (allOff(settings)) return null;
  const result = new Map<string, number | null>(ticketIds.map((id) => [id, null]));
  for (const wait of await ticketWaits(db, ticketIds)) {
    result.set(wait.ticketId, overdueMinutes({ settings, hours, now, ...wait }));
  }
  return result;
}

/** The `overdue` field of a list row: added only while escalation is on. */
export function withOverdue<T extends object>(
  row: T,
  overdue: Map<string, number | null> | null,
  ticketId: string,
): T & { overdue?: number | null } {
  return overdue ? { ...row, overdue: overdue.get(ticketId) ?? null } : row;
}

export { allOff as escalationOff };
