import { getUserById } from '../../accounts/queries';
import { sendVerificationMail } from '../../accounts/verification-link';
import type { AppDeps } from '../../app/context';
import { conflict, notFound } from '../../http/app-error';
import { recordAudit } from '../audit';

/**
 * POST /admin/resendVerification: the sign-up's verification mail again, with a fresh link
 * (earlier links stop working). The audit row follows the mail: it records a mail that left.
 */
export async function resendVerification(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  params: { actorId: string; userId: string },
): Promise<void> {
  const target = await getUserById(deps.db, params.userId);
  if (!target || target.deletedAt) throw notFound('User not found');
  if (target.emailVerified) throw conflict('This email address is already verified');
  await sendVerificationMail(deps, target.email);
  await recordAudit(deps.db, {
    actorId: params.actorId,
    action: 'user.resend_verification',
    targetType: 'user',
    targetId: target.id,
    before: { verified: false },
    after: { verificationSent: true },
  });
}
