import { randomUUID } from 'node:crypto';
import type { Locale, PersonRef, ProfileInput } from '@ecu/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { authAccounts, users } from '../db/schema';
import type { UserRow } from '../http/context';
import { hashPassword, needsRehash } from './password-hash';

export async function getUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function getUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function saveProfile(
  db: Db,
  params: { userId: string; profile: ProfileInput; onBoard?: boolean },
): Promise<UserRow> {
  const { profile } = params;
  const [row] = await db
    .update(users)
    .set({
      ...profile,
      name: `${profile.firstName} ${profile.lastName}`,
      ...(params.onBoard ? { onBoarded: true } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, params.userId))
    .returning();
  return row!;
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * After a sign-in with the right password: a hash made with older parameters is replaced by
 * one with today's (docs/decisions/023-leaks-and-accounts.md).
 */
export async function rehashIfOutdated(db: Db, userId: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authAccounts.id, hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')))
    .limit(1);
  if (!row?.hash || !needsRehash(row.hash)) return false;
  const fresh = await hashPassword(password);
  // Only the hash that was checked is replaced: a reset in between keeps its new password.
  await db
    .update(authAccounts)
    .set({ password: fresh, updatedAt: sql`now()` })
    .where(and(eq(authAccounts.id, row.id), eq(authAccounts.password, row.hash)));
  return true;
}

/**
 * A new account that signs in with a password, as better-auth's sign-up writes it: the user
 * and its credential account (account_id is the user's id, the password hashed as the
 * library hashes it). For the admin bootstrap, which has no request and no session to make,
 * and so needs no better-auth at start (docs/decisions/048-lazy-auth.md). The e-mail is
 * stored in lower case, as the library stores it.
 */
export async function createCredentialUser(
  db: Db,
  params: { email: string; password: string; name: string },
): Promise<void> {
  const passwordHash = await hashPassword(params.password);
  await db.transaction(async (tx) => {
    const userId = randomUUID();
    await tx.insert(users).values({ id: userId, email: params.email.toLowerCase(), name: params.name });
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
    });
  });
}

/** People named in staff answers (audit trail, deliveries, solutions), by id: one query for a whole page. */
export async function personRefs(db: Db | Tx, ids: (string | null)[]): Promise<Map<string, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(
    rows.map((r) => [r.id, { _id: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email }]),
  );
}

/**
 * The version of the terms the sign-up form makes every new account tick (docs/product.md#1-roles-and-accounts),
 * recorded with the time as chargeback evidence. A new version of the terms gets a new name here.
 */
export const TERMS_VERSION = '2026-01';

/** Records that a new account accepted the current terms, now. */
/** A new account's terms (this version, now) and its language. */
export async function recordTermsAccepted(db: Db, userId: string, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ termsVersion: TERMS_VERSION, termsAcceptedAt: sql`now()`, locale })
    .where(eq(users.id, userId));
}

/** The account's language (PUT /api/auth/locale); the updated row, or null for no such account. */
export async function saveLocale(db: Db, userId: string, locale: Locale): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ locale, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}
