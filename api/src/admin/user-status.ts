import { eq, sql } from 'drizzle-orm';
import { announceAccessChange } from '../chat';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { badRequest } from '../http/app-error';
import type { UserRow } from '../http/context';
import { recordAudit } from './audit';
import { lockForAdminChange, lockUser } from './users/admin-seats';

/**
 * Disable or activate an account (docs/decisions/002-disabled-is-not-ban.md). A disabled user
 * still signs in and sees the overlay; the gates answer 403 everywhere else, from that user's very next request
 * in every session (the gate reads the user row on each request). An admin cannot disable
 * themself, nor the last active admin. The change and its audit row commit together; once
 * committed, open chat sockets of that user are re-checked on every process.
 */
export async function setUserDisabled(
  db: Db,
  params: { actorId: string; userId: string; disabled: boolean },
): Promise<UserRow> {
  const { actorId, userId, disabled } = params;
  if (disabled && actorId === userId) throw badRequest('You cannot disable your own account');
  const row = await db.transaction(async (tx) => {
    const target = disabled
      ? await lockForAdminChange(tx, { actorId, userId, change: 'disabled' })
      : await lockUser(tx, userId);
    if (target.disabled === disabled) return target;
    const [row] = await tx
      .update(users)
      .set({ disabled, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: disabled ? 'user.disable' : 'user.activate',
      targetType: 'user',
      targetId: userId,
      before: { disabled: target.disabled },
      after: { disabled },
    });
    return row!;
  });
  await announceAccessChange(db, userId);
  return row;
}
