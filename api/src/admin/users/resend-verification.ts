import { getUserById, queueVerificationMail, RATE_LIMITS } from '../../accounts';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { AppDeps } from '../../http/context';
import { recordAudit } from '../audit';

/**
 * POST /admin/resendVerification: the sign-up's verification mail again, with a fresh link
 * (earlier links stop working). The link, its queued mail and the audit row are written in one
 * transaction: the audit records a mail that will be delivered (docs/decisions/070-durable-jobs.md).
 * The mails to one address count against the same limit as the user's own resend requests,
 * so that no one (an admin's double clicks included) can flood an inbox.
 */
export async function resendVerification(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'rateLimits'>,
  params: { actorId: string; userId: string },
): Promise<void> {
  const target = await getUserById(deps.db, params.userId);
  if (!target || target.deletedAt) throw notFound('User not found');
  if (target.emailVerified) throw conflict('This email address is already verified');
  const [limit, seconds] = RATE_LIMITS.resend.email;
  const slot = await deps.rateLimits.hit(`resend:email:${target.email.toLowerCase()}`, seconds, limit);
  if (!slot.allowed) {
    const minutes = Math.ceil(slot.retryAfterSeconds / 60);
    throw new AppError(
      'rate_limited',
      `Too many verification e-mails to this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { headers: { 'Retry-After': String(slot.retryAfterSeconds) } },
    );
  }
  await deps.db.transaction(async (tx) => {
    await queueVerificationMail(deps, tx, target);
    await recordAudit(tx, {
      actorId: params.actorId,
      action: 'user.resend_verification',
      targetType: 'user',
      targetId: target.id,
      before: { verified: false },
      after: { verificationSent: true },
    });
  });
}
