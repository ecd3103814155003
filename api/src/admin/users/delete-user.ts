import { eq, inArray, sql } from 'drizzle-orm';
import { announceAccessChange, forgetChatUser } from '../../chat';
import type { Db } from '../../db/client';
import {
  authAccounts,
  idempotencyKeys,
  pushSubscriptions,
  sessions,
  users,
  verifications,
} from '../../db/schema';
import { badRequest } from '../../http/app-error';
import { recordAudit } from '../audit';
import { lockForAdminChange } from './admin-seats';

/**
 * The address a deleted account keeps: unique (it holds the id), never deliverable (.invalid
 * is reserved, RFC 2606), and no sign-up can take it.
 */
export function tombstoneEmail(userId: string): string {
  return `deleted+${userId}@deleted.invalid`;
}

/** Every one-time secret that may be pending for an address: our links, better-auth's OTPs. */
function pendingSecretsOf(email: string): string[] {
  return [
    `email-verification:${email}`,
    ...['forget-password', 'email-verification', 'sign-in'].map((type) => `${type}-otp-${email}`),
  ];
}

/**
 * POST /admin/deleteUser (docs/decisions/021-delete-and-last-admin.md): the row stays, because payments,
 * the credit ledger, tickets and chats refer to it and accounting must still add up; the person's data
 * goes. In one transaction: names and address emptied, the e-mail replaced by a tombstone
 * (which frees it for a new sign-up), deleted_at set, every session and the password removed,
 * pending links and codes for the old address and stored command answers (which may hold the
 * profile) dropped, and the audit row written. The audit row names no personal data either:
 * copying the profile into it would keep what the deletion removes.
 */
export async function deleteUser(db: Db, params: { actorId: string; userId: string }): Promise<void> {
  const { actorId, userId } = params;
  if (actorId === userId) throw badRequest('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const target = await lockForAdminChange(tx, { actorId, userId, change: 'deleted' });
    await tx
      .update(users)
      .set({
        name: '',
        firstName: '',
        lastName: '',
        address: '',
        city: '',
        postalCode: '',
        country: '',
        image: null,
        email: tombstoneEmail(userId),
        role: 'user',
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(authAccounts).where(eq(authAccounts.userId, userId));
    await tx.delete(verifications).where(inArray(verifications.identifier, pendingSecretsOf(target.email)));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await recordAudit(tx, {
      actorId,
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      before: {
        deleted: false,
        role: target.role,
        disabled: target.disabled,
        verified: target.emailVerified,
        credits: target.credits,
      },
      after: { deleted: true },
    });
  });
  await forgetChatUser(db, userId);
  await announceAccessChange(db, userId);
}
