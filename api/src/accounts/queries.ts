import type { ProfileInput } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import type { UserRow } from '../app/context';
import type { Db } from '../db/client';
import { users } from '../db/schema';

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
