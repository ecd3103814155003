import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminAudit, authAccounts, sessions, users } from '../db/schema';
import { hashPassword } from './password-hash';

export class ResetPasswordError extends Error {}

/** A password to print once: 18 random bytes, 24 characters of base64url. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The operator's way back into an account (`pnpm admin:reset-password`): a new password on its
 * credential, every session of the account revoked and an audit line (no actor: the command
 * line), in one transaction. Role, status and verification stay as they are.
 */
export async function resetPassword(
  db: Db,
  params: { email: string; password: string },
): Promise<{ userId: string; sessionsRevoked: number }> {
  const email = params.email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new ResetPasswordError(`No account has the e-mail ${email}`);
  const hash = await hashPassword(params.password);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(authAccounts)
      .set({ password: hash, updatedAt: sql`now()` })
      .where(and(eq(authAccounts.userId, user.id), eq(authAccounts.providerId, 'credential')))
      .returning({ id: authAccounts.id });
    if (updated.length === 0) throw new ResetPasswordError(`${email} has no password to reset`);
    const revoked = await tx
      .delete(sessions)
      .where(eq(sessions.userId, user.id))
      .returning({ id: sessions.id });
    await tx.insert(adminAudit).values({
      actorId: null,
      action: 'user.password-reset',
      targetType: 'user',
      targetId: user.id,
      after: { by: 'command line', sessionsRevoked: revoked.length },
    });
    return { userId: user.id, sessionsRevoked: revoked.length };
  });
}
