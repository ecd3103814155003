import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { MAIL_DIR } from './paths';

export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
}

/** Waits for the next mail to an address that arrived after `since` (ms epoch). */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  while (Date.now() < until) {
    const files = readdirSync(MAIL_DIR, { withFileTypes: true })
      .map((f) => f.name)
      .filter((name) => name.endsWith(`-${address}.eml`) && Number(name.split('-')[0]) >= since)
      .sort();
    const newest = files.at(-1);
    if (newest) {
      const parsed = await simpleParser(readFileSync(path.join(MAIL_DIR, newest)));
      return { subject: parsed.subject ?? '', text: parsed.text ?? '', html: String(parsed.html ?? '') };
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
}

export function verificationLinkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/verify-email\?\S+/)?.[0];
  if (!link) throw new Error(`No verification link in: ${mail.text}`);
  return link;
}

export function otpIn(mail: ReceivedMail): string {
  const otp = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!otp) throw new Error(`No 6-digit code in: ${mail.text}`);
  return otp;
}
