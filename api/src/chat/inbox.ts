import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireAccount } from '../accounts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { overdueByTicket, UNANSWERED_MESSAGES, withOverdue } from '../escalation';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';

export const INBOX_LIMIT = 200;

/** Customer messages no staff member has read, per ticket (docs/decisions/090-escalation.md). */
const WAITING = UNANSWERED_MESSAGES;

interface InboxDbRow {
  ticket_id: string;
  ticket_number: number;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  make: string;
  model: string;
  unread: number;
  waiting_since: string | Date;
  last_message: string;
}

export async function chatInbox(db: Db, config: Config): Promise<ChatInboxRow[]> {
  const result = await db.execute(sql`
    with waiting as (${WAITING})
    select w.ticket_id, t.ticket_number, u.id as user_id, u.first_name, u.last_name, u.email,
      t.make, t.model, w.unread, w.waiting_since, w.last_message
    from waiting w
    join tickets t on t.id = w.ticket_id
    join users u on u.id = t.user_id
    order by w.waiting_since asc, t.ticket_number asc
    limit ${INBOX_LIMIT}`);
  const rows = rowsOf<InboxDbRow>(result);
  const overdue = await overdueByTicket(
    db,
    config,
    rows.map((r) => r.ticket_id),
  );
  return rows.map((r) =>
    withOverdue(
      {
        ticketId: r.ticket_id,
        ticketNumber: Number(r.ticket_number),
        customer: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
        vehicle: `${r.make} ${r.model}`.trim(),
        unreadCount: Number(r.unread),
        waitingSince: new Date(r.waiting_since).toISOString(),
        lastMessage: r.last_message,
      },
      overdue,
      r.ticket_id,
    ),
  );
}

export async function chatInboxCount(db: Db): Promise<number> {
  const result = await db.execute(sql`with waiting as (${WAITING}) select count(*)::int as n from waiting`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** GET /api/admin/chat-inbox and /count: the support inbox, oldest waiting first. */
export function chatInboxRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', requireAccount({ desk: 'queue' }));
  app.get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return ok(c, 'Inbox loaded', { rows: await chatInbox(c.var.deps.db, c.var.deps.config) });
  });
  app.get('/count', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return ok(c, 'Inbox counted', { count: await chatInboxCount(c.var.deps.db) });
  });
  return app;
}
