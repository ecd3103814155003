import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireAccount } from '../accounts';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';

export const INBOX_LIMIT = 200;

/**
 * Customer messages that arrived after the last time any admin reported reading that
 * ticket's chat, grouped per ticket.
 */
const WAITING = sql`
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

export async function chatInbox(db: Db): Promise<ChatInboxRow[]> {
  const result = await db.execute(sql`
    with waiting as (${WAITING})
    select w.ticket_id, t.ticket_number, u.id as user_id, u.first_name, u.last_name, u.email,
      t.make, t.model, w.unread, w.waiting_since, w.last_message
    from waiting w
    join tickets t on t.id = w.ticket_id
    join users u on u.id = t.user_id
    order by w.waiting_since asc, t.ticket_number asc
    limit ${INBOX_LIMIT}`);
  return rowsOf<InboxDbRow>(result).map((r) => ({
    ticketId: r.ticket_id,
    ticketNumber: Number(r.ticket_number),
    customer: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
    vehicle: `${r.make} ${r.model}`.trim(),
    unreadCount: Number(r.unread),
    waitingSince: new Date(r.waiting_since).toISOString(),
    lastMessage: r.last_message,
  }));
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
    return ok(c, 'Inbox loaded', { rows: await chatInbox(c.var.deps.db) });
  });
  app.get('/count', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return ok(c, 'Inbox counted', { count: await chatInboxCount(c.var.deps.db) });
  });
  return app;
}
