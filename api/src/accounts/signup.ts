import { randomUUID } from 'node:crypto';
import { asLocale, negotiateLocale, type SignUpInput } from '@ecu/shared';
import type { Context } from 'hono';
import { badRequest } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { queueMail } from '../platform/mail';
import { applyNewAccountPrice } from '../settings';
import { signUpAttemptMail } from './mail-templates';
import { hashPassword } from './password-hash';
import { getUserByEmail, recordTermsAccepted } from './queries';
import { toUserDto } from './user-dto';
import { sendVerificationMail } from './verification-link';

/** One answer for a new and a taken address (docs/decisions/023-leaks-and-accounts.md). */
export const SIGNUP_ANSWER = 'Account created. We have sent a verification link to your email.';

async function authErrorCode(res: Response): Promise<string | undefined> {
  try {
    return ((await res.json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/**
 * A taken address: no account, no session, the same 201 as a new one; the owner hears of it by
 * e-mail, queued as a new account's link is (docs/decisions/070-durable-jobs.md). `hash` does
 * the password hashing a new account would have done, so that the answer takes as long.
 */
async function answerTaken(c: Context<AppEnv>, input: SignUpInput, hash: boolean) {
  const { db, jobs, config } = c.var.deps;
  if (hash) await hashPassword(input.password);
  const owner = await getUserByEmail(db, input.email);
  if (owner && !owner.deletedAt) {
    // Nothing of ours changes: queued at once, one message per attempt.
    await queueMail(jobs, signUpAttemptMail(owner.email, config.appUrl, asLocale(owner.locale)), {
      key: `signup-attempt:${randomUUID()}`,
      userId: owner.id,
      label: 'Someone tried to sign up with this address',
    });
  }
  return ok(c, SIGNUP_ANSWER, null, 201);
}

/** POST /api/auth/signup: a new account signs in at once (201 + cookie) and gets its link. */
export async function signUp(
  c: Context<AppEnv>,
  input: SignUpInput,
  forwardCookies: (res: Response) => void,
) {
  const { auth, db, config, logger } = c.var.deps;
  if (await getUserByEmail(db, input.email)) return answerTaken(c, input, true);
  const res = await auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: '' },
    headers: c.req.raw.headers,
    asResponse: true,
  });
  if (!res.ok) {
    const code = await authErrorCode(res);
    // A concurrent sign-up of the same address loses on the unique index, not on better-auth's check.
    if (code?.startsWith('USER_ALREADY_EXISTS') || (await getUserByEmail(db, input.email))) {
      return answerTaken(c, input, false);
    }
    throw badRequest('Failed to signup');
  }
  forwardCookies(res);
  const created = await getUserByEmail(db, input.email);
  const locale = input.locale ?? negotiateLocale(c.req.header('accept-language'));
  if (created) await recordTermsAccepted(db, created.id, locale);
  const user = created && (await applyNewAccountPrice(db, config, created.id, logger));
  if (created) {
    try {
      await sendVerificationMail(c.var.deps, { id: created.id, email: input.email, locale });
    } catch (err) {
      // The account stands; its owner asks for a new link (POST /api/auth/signup-verify-resend).
      logger.error('Could not queue the verification e-mail:', err);
    }
  }
  return ok(c, SIGNUP_ANSWER, user ? toUserDto(user) : null, 201);
}
