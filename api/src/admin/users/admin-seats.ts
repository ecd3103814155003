import { and, asc, eq, isNull } from 'drizzle-orm';
import { GATE_MESSAGES } from '../../accounts';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/app-error';
import type { UserRow } from '../../http/context';

/**
 * The admins who can act (role admin, not disabled, not deleted), locked until the
 * transaction ends. Every change that can take an admin out of service (demote, disable,
 * delete) takes these locks first and in id order: two admins demoting each other at the same
 * moment queue here, and the second one sees the first one's change (PostgreSQL re-checks a
 * locked row's WHERE after the wait), so the two can never leave no admin between them.
 */
async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** The target account (not deleted), locked for the change. */
export async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!row) throw notFound('User not found');
  return row;
}

/**
 * Locks the admins and the target, in that order, for a change that may take the target out
 * of the admins who can act. At least one active admin must remain
 * (docs/decisions/021-delete-and-last-admin.md: the last admin cannot be demoted, and a
 * disabled or deleted last admin would lock the desk just the same). The caller must still be an active admin once the locks are held: a concurrent
 * change may have demoted them since their request passed the gate.
 */
export async function lockForAdminChange(
  tx: Tx,
  params: { actorId: string; userId: string; change: 'demoted' | 'disabled' | 'deleted' },
): Promise<UserRow> {
  const admins = await lockActiveAdmins(tx);
  const target = await lockUser(tx, params.userId);
  if (admins.includes(target.id) && admins.length === 1) {
    throw conflict(
      `This is the last active admin, who cannot be ${params.change}. Make another account an admin first.`,
    );
  }
  if (!admins.includes(params.actorId)) throw forbidden(GATE_MESSAGES.notAdmin, 'not_admin');
  return target;
}
