import type { Role } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { announceAccessChange } from '../../chat';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import type { UserRow } from '../../http/context';
import { recordAudit } from '../audit';
import { lockForAdminChange, lockUser } from './admin-seats';

/**
 * PUT /admin/updateUserRole. An admin cannot change their own role, and the last active admin
 * cannot be demoted (docs/decisions/021-delete-and-last-admin.md). Setting the role an
 * account already has changes nothing and records nothing. Once committed, open chat sockets
 * of that user are re-checked on every process (a demoted admin's support chats close).
 */
export async function changeUserRole(
  db: Db,
  params: { actorId: string; userId: string; role: Role },
): Promise<UserRow> {
  const { actorId, userId, role } = params;
  if (actorId === userId) throw badRequest('You cannot change your own role');
  const row = await db.transaction(async (tx) => {
    const target =
      // Any role but admin takes an admin out of the admins who can act (engineer as much as user).
      role !== 'admin'
        ? await lockForAdminChange(tx, { actorId, userId, change: 'demoted' })
        : await lockUser(tx, userId);
    if (target.role === role) return target;
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'user.role',
      targetType: 'user',
      targetId: userId,
      before: { role: target.role },
      after: { role },
    });
    return row!;
  });
  await announceAccessChange(db, userId);
  return row;
}
