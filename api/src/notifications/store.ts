import {
  DEFAULT_NOTIFICATION_CHOICES,
  type NotificationChoices,
  notificationChoicesSchema,
  type PushSubscriptionInput,
} from '@ecu/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { notificationPreferences, pushSubscriptions, users } from '../db/schema';
import type { Audience } from './messages';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

const USER_AGENT_MAX = 300;

/**
 * Stores this device's subscription for the user. An endpoint already stored for another
 * account moves to this one only with the same keys: a browser that signs in to a second
 * account re-subscribes with the endpoint and keys it has, while someone who merely learnt the
 * endpoint (it travels in every push) does not know its keys. Then the old account's row goes
 * (the row itself moves). null: the endpoint is someone else's and the keys do not match.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string,
): Promise<PushSubscriptionRow | null> {
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent.slice(0, USER_AGENT_MAX),
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, createdAt: sql`now()`, lastSuccessAt: null },
      setWhere: or(
        eq(pushSubscriptions.userId, userId),
        and(eq(pushSubscriptions.p256dh, values.p256dh), eq(pushSubscriptions.auth, values.auth)),
      ),
    })
    .returning();
  if (!row) return null;
  // A person's devices are a handful: past the cap the oldest subscriptions go, so one account
  // cannot make every event fan out to thousands of endpoints.
  await db.execute(sql`
    delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId}
      order by created_at desc, id desc limit ${MAX_DEVICES_PER_USER})`);
  return row;
}

/** Subscriptions kept per person (phones, tablets, workshop PCs). */
export const MAX_DEVICES_PER_USER = 20;

/** Deletes the endpoint if it is the user's; false when it is not (someone else's or unknown). */
export async function removeOwnSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** One subscription as it is now (a queued push reads it when it is sent), or undefined. */
export async function subscriptionById(db: Db, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

export async function markDelivered(db: Db, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, id));
}

/** The user's choices; what is not stored (or no longer valid) is on. */
export async function choicesOf(db: Db, userId: string): Promise<NotificationChoices> {
  const [row] = await db
    .select({ choices: notificationPreferences.choices })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const stored = notificationChoicesSchema.partial().safeParse(row?.choices ?? {});
  return { ...DEFAULT_NOTIFICATION_CHOICES, ...(stored.success ? stored.data : {}) };
}

export async function saveChoices(db: Db, userId: string, choices: NotificationChoices): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, choices })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { choices, updatedAt: sql`now()` },
    });
}

/**
 * The subscriptions to push an event to: of the audience's active accounts whose choice is
 * on (no stored choice counts as on).
 */
export async function subscriptionsFor(
  db: Db | Tx,
  audience: Audience,
): Promise<(PushSubscriptionRow & { locale: string })[]> {
  const chosen = sql`coalesce((${notificationPreferences.choices} ->> ${audience.choice})::boolean, true)`;
  const rows = await db
    .select({ sub: pushSubscriptions, locale: users.locale })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        audience.to === 'admins'
          ? inArray(users.role, ['admin', 'engineer'])
          : audience.to === 'adminRole'
            ? eq(users.role, 'admin')
            : eq(users.id, audience.to.userId),
        isNull(users.deletedAt),
        eq(users.disabled, false),
        chosen,
      ),
    );
  // With the account's language: each device's push is written in it.
  return rows.map((r) => ({ ...r.sub, locale: r.locale }));
}
