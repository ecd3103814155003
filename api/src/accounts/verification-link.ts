import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../app/context';
import type { Db } from '../db/client';
import { verifications } from '../db/schema';
import { verificationMail } from './mail-templates';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

const identifierFor = (email: string) => `email-verification:${email.toLowerCase()}`;
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh single-use link token; earlier links of the same address stop working. */
export async function issueVerificationToken(db: Db, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const identifier = identifierFor(email);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier,
      value: digest(token),
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
  });
  return token;
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

/** Issues a fresh link and mails it: sign-up, the user's resend and an admin's resend. */
export async function sendVerificationMail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  email: string,
): Promise<void> {
  const token = await issueVerificationToken(deps.db, email);
  await deps.mailer.send(verificationMail(email, verificationLink(deps.config.appUrl, email, token)));
}
