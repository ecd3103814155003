import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { asLocale } from '@ecu/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { verifications } from '../db/schema';
import type { AppDeps } from '../http/context';
import { queueMail } from '../platform/mail';
import { verificationMail } from './mail-templates';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

const identifierFor = (email: string) => `email-verification:${email.toLowerCase()}`;
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A fresh single-use link token, written in `tx`; earlier links of the same address stop
 * working. `id` names this token's row (the delivery key of its mail).
 */
async function issueVerificationToken(tx: Tx, email: string): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const identifier = identifierFor(email);
  const id = randomUUID();
  await tx.delete(verifications).where(eq(verifications.identifier, identifier));
  await tx.insert(verifications).values({
    id,
    identifier,
    value: digest(token),
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  return { id, token };
}

/** True once per issued token, within 24 hours; a second use or a wrong token is false. */
export async function consumeVerificationToken(db: Db, email: string, token: string): Promise<boolean> {
  const wanted = Buffer.from(digest(token), 'hex');
  const candidates = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, identifierFor(email)), gt(verifications.expiresAt, new Date())));
  const match = candidates.find((v) => {
    const have = Buffer.from(v.value, 'hex');
    return have.length === wanted.length && timingSafeEqual(have, wanted);
  });
  if (!match) return false;
  // The delete decides between two concurrent uses of the same link.
  const deleted = await db
    .delete(verifications)
    .where(eq(verifications.id, match.id))
    .returning({ id: verifications.id });
  return deleted.length === 1;
}

export function verificationLink(appUrl: string, email: string, token: string): string {
  const url = new URL('/verify-email', appUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/**
 * Issues a fresh link and queues its mail in `tx`, with the token's row: the mail exists exactly
 * when the token does, is delivered once (its key is the token's id) and is not sent once the
 * link has expired (docs/decisions/070-durable-jobs.md).
 */
export async function queueVerificationMail(
  deps: Pick<AppDeps, 'jobs' | 'config'>,
  tx: Tx,
  user: { id: string; email: string; locale: string },
): Promise<void> {
  const { id, token } = await issueVerificationToken(tx, user.email);
  await queueMail(
    deps.jobs,
    verificationMail(
      user.email,
      verificationLink(deps.config.appUrl, user.email, token),
      // In the account's language (docs/decisions/093-languages.md).
      asLocale(user.locale),
    ),
    {
      key: `verification:${id}`,
      userId: user.id,
      label: 'Verification link',
      tx,
      validForSeconds: VERIFICATION_TTL_MS / 1000,
    },
  );
}

/** A fresh link, queued in a transaction of its own: sign-up and the user's own resend. */
export function sendVerificationMail(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>,
  user: { id: string; email: string; locale: string },
): Promise<void> {
  return deps.db.transaction((tx) => queueVerificationMail(deps, tx, user));
}
