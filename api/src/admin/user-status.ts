import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { badRequest, notFound } from '../http/app-error';

/**
 * Disable or activate an account (DECISIONS section 5). A disabled user still signs in and
 * sees the overlay; the gates answer 403 everywhere else. An admin cannot disable themself.
 */
export async function setUserDisabled(
  db: Db,
  params: { actorId: string; userId: string; disabled: boolean },
): Promise<void> {
  if (params.disabled && params.actorId === params.userId) {
    throw badRequest('You cannot disable your own account');
  }
  const updated = await db
    .update(users)
    .set({ disabled: params.disabled, updatedAt: sql`now()` })
    .where(and(eq(users.id, params.userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound('User not found');
}
