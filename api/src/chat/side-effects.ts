import { CHAT_RATE } from '@ecu/shared/chat/limits';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { CHAT_MAIL_INTERVAL_SECONDS } from '@ecu/shared/chat/protocol';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getUserById } from '../accounts';
import type { Db } from '../db/client';
import { chatAttachments, chatMessages, chatReadMarkers, uploads } from '../db/schema';
import type { AppDeps, UserRow } from '../http/context';
import { chatMessageEvent } from '../notifications';
import { queueMail } from '../platform/mail';
import type { RateLimitResult, RateLimitStore } from '../platform/rate-limit';
import { supportReplyMail } from './mail';
import type { ChatPresence } from './presence';
import type { ChatTicket } from './room';

const PREVIEW_LENGTH = 140;

/**
 * Ties the attached uploads to their messages before the update is applied, in one
 * transaction: each must be a finished 'chat' upload of the sender that no message holds
 * yet. All or none: a string says why none.
 */
export async function claimAttachments(
  db: Db,
  ticketId: string,
  sender: UserRow,
  messages: ChatMessage[],
): Promise<string | null> {
  const attached = messages.flatMap((m) =>
    (m.attachments ?? []).map((a) => ({ uploadId: a.id, messageId: m.id })),
  );
  if (attached.length === 0) return null;
  const ids = attached.map((a) => a.uploadId);
  if (new Set(ids).size !== ids.length) return 'A file can be attached once';
  const refused = 'An attached file is not a finished upload of yours';
  try {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(uploads)
        .set({ status: 'attached' })
        .where(
          and(
            inArray(uploads.id, ids),
            eq(uploads.ownerId, sender.id),
            eq(uploads.purpose, 'chat'),
            eq(uploads.status, 'complete'),
          ),
        )
        .returning({ id: uploads.id });
      if (claimed.length !== ids.length) throw new RefusedAttachments();
      await tx
        .insert(chatAttachments)
        .values(attached.map((a) => ({ ...a, ticketId, uploaderId: sender.id })));
    });
  } catch (err) {
    if (err instanceof RefusedAttachments) return refused;
    throw err;
  }
  return null;
}

class RefusedAttachments extends Error {}

/** One process's own count of an account's messages, and the shared store's last refusal. */
interface LocalQuota {
  windows: Map<string, { endsAt: number; count: number }>;
  blockedUntil: Map<string, number>;
}
const localQuotas = new WeakMap<RateLimitStore, LocalQuota>();

/**
 * Counts `count` new messages of an account against CHAT_RATE without waiting for the
 * database or Redis: a message is relayed before it is stored (docs/decisions/022-chat-on-yjs.md),
 * and on the embedded database a busy transaction would hold every chat up. This process
 * counts in memory; the shared store (every process's messages) is told in the background,
 * and once it says the account is over, this process refuses until its window ends.
 */
export function allowChatMessages(
  limits: RateLimitStore,
  userId: string,
  count: number,
  now: number = Date.now(),
): RateLimitResult {
  let quota = localQuotas.get(limits);
  if (!quota) {
    quota = { windows: new Map(), blockedUntil: new Map() };
    localQuotas.set(limits, quota);
  }
  const blocked = quota.blockedUntil.get(userId) ?? 0;
  if (blocked > now) return { allowed: false, retryAfterSeconds: Math.ceil((blocked - now) / 1000) };
  let window = quota.windows.get(userId);
  if (!window || window.endsAt <= now) {
    if (quota.windows.size > 10_000) {
      for (const [id, w] of quota.windows) if (w.endsAt <= now) quota.windows.delete(id);
    }
    window = { endsAt: now + CHAT_RATE.windowSeconds * 1000, count: 0 };
    quota.windows.set(userId, window);
  }
  if (window.count + count > CHAT_RATE.messages) {
    return { allowed: false, retryAfterSeconds: Math.ceil((window.endsAt - now) / 1000) };
  }
  window.count += count;
  const shared = quota;
  void (async () => {
    for (let i = 0; i < count; i++) {
      const result = await limits.hit(`chat-messages:${userId}`, CHAT_RATE.windowSeconds, CHAT_RATE.messages);
      if (!result.allowed) shared.blockedUntil.set(userId, Date.now() + result.retryAfterSeconds * 1000);
    }
  })().catch(() => {
    // The store is down: this process's own count still holds.
  });
  return { allowed: true, retryAfterSeconds: 0 };
}

export type ChatMessageRow = typeof chatMessages.$inferInsert;

/** The inbox's index rows of accepted messages. */
export function messageRows(ticket: ChatTicket, sender: UserRow, messages: ChatMessage[]): ChatMessageRow[] {
  return messages.map((m) => ({
    ticketId: ticket.id,
    id: m.id,
    senderId: sender.id,
    fromCustomer: sender.id === ticket.ownerId,
    preview: m.text.trim().slice(0, PREVIEW_LENGTH),
  }));
}

/** Indexes accepted messages (of any rooms) in one statement. */
export async function indexMessages(db: Db, rows: ChatMessageRow[]): Promise<void> {
  await db.insert(chatMessages).values(rows).onConflictDoNothing();
}

/**
 * Queues what accepted chat messages promise (docs/decisions/070-durable-jobs.md): pushes to the
 * other side's devices, except to whoever has this chat open now; and support's messages
 * e-mailed to the owner when no chat of theirs is open anywhere. Presence is asked now, while
 * the message is fresh; the jobs carry data only. Their keys are made from the first message's
 * id, so that a job that runs twice sends once. Not queueing is logged, not thrown: the
 * messages are stored, and the writer must not be told otherwise.
 */
export async function queueChatSideEffects(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'notifications' | 'rateLimits' | 'config' | 'logger'>,
  presence: ChatPresence,
  ticket: ChatTicket,
  sender: UserRow,
  messages: ChatMessage[],
): Promise<void> {
  const first = messages[0];
  if (!first) return;
  const key = `chat:${ticket.id}:${first.id}`;
  const present = (userId: string) => presence.isOnline(ticket.id, userId);
  try {
    await Promise.all([
      deps.notifications.queue(chatMessageEvent(ticket, sender, messages), { key, present }),
      sender.id === ticket.ownerId
        ? undefined
        : mailAbsentOwner(deps, present, ticket, sender, messages, key),
    ]);
  } catch (err) {
    deps.logger.warn(`Chat e-mail or pushes of ticket ${ticket.ticketNumber} could not be queued:`, err);
  }
}

/**
 * Queues support's messages as an e-mail to the ticket's owner when no chat of theirs is open
 * (unknown counts as away), at most one per CHAT_MAIL_INTERVAL_SECONDS per ticket.
 */
async function mailAbsentOwner(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'rateLimits' | 'config'>,
  present: (userId: string) => Promise<boolean>,
  ticket: ChatTicket,
  sender: UserRow,
  messages: ChatMessage[],
  key: string,
): Promise<void> {
  if (await present(ticket.ownerId).catch(() => false)) return;
  const owner = await getUserById(deps.db, ticket.ownerId);
  if (!owner || owner.deletedAt || owner.disabled) return;
  const slot = await deps.rateLimits.hit(`chat-mail:${ticket.id}`, CHAT_MAIL_INTERVAL_SECONDS, 1);
  if (!slot.allowed) return;
  const text = messages.map((m) => m.text.trim()).join('\n\n');
  await queueMail(
    deps.jobs,
    supportReplyMail({
      to: owner.email,
      firstName: owner.firstName || 'there',
      ticketNumber: ticket.ticketNumber,
      senderName: `${sender.firstName} ${sender.lastName}`.trim() || 'Support',
      text,
      link: `${deps.config.appUrl}/ticket-details/${ticket.ticketNumber}`,
    }),
    { key: `chat-away:${key}`, userId: owner.id, label: `Support wrote on ticket ${ticket.ticketNumber}` },
  );
}

/** The furthest a reader has read, and when (the inbox's "support has read" time). */
export async function recordRead(db: Db, ticketId: string, userId: string, count: number): Promise<void> {
  await db
    .insert(chatReadMarkers)
    .values({ ticketId, userId, readCount: count })
    .onConflictDoUpdate({
      target: [chatReadMarkers.ticketId, chatReadMarkers.userId],
      set: {
        readCount: sql`greatest(${chatReadMarkers.readCount}, excluded.read_count)`,
        updatedAt: sql`now()`,
      },
    });
}
