import { createHmac, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_URL_TTL_MS = 5 * 60 * 1000;

function sign(secret: string, fileId: string, userId: string, expires: number): string {
  return createHmac('sha256', secret).update(`download:${fileId}:${userId}:${expires}`).digest('base64url');
}

/**
 * A short-lived link to one file for one user. The signature alone does not open the file: the
 * download also checks that the ticket is still Unlocked and paid for (file-routes.ts).
 */
export function signedDownloadUrl(secret: string, fileId: string, userId: string, now = Date.now()): string {
  const expires = now + DOWNLOAD_URL_TTL_MS;
  return `/api/files/${fileId}?expires=${expires}&signature=${sign(secret, fileId, userId, expires)}`;
}

export function verifyDownloadSignature(
  secret: string,
  params: { fileId: string; userId: string; expires: string | undefined; signature: string | undefined },
  now = Date.now(),
): boolean {
  const expires = Number(params.expires);
  if (!params.signature || !Number.isFinite(expires) || expires < now) return false;
  const want = Buffer.from(sign(secret, params.fileId, params.userId, expires));
  const got = Buffer.from(params.signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
