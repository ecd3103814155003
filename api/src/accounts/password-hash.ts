import { randomBytes, timingSafeEqual } from 'node:crypto';
import { PoolLine, PoolLineFullError, poolBusy } from '../platform/worker-pool';

const KEY_LENGTH = 64;

/**
 * One of OWASP's scrypt choices: N=2^15, r=8, p=3, 32 MiB a hash, as costly to guess as their
 * 64 MiB one (docs/decisions/068-worker-pool.md; before: 023-leaks-and-accounts.md).
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
/** What hashes written before OWASP's parameters used ('salt:hash', no prefix). */
const LEGACY_PARAMS = { N: 16384, r: 16, p: 1 } as const;
const PREFIX = 'scrypt';
/** scrypt needs 128 * N * r bytes: the most a stored hash may ask for (the N=2^17, r=8 ones). */
const MAX_SCRYPT_BYTES = 128 * 2 ** 17 * 8;

/**
 * Hashes run in the worker pool, one per core at once; this many per core wait, and a sign-in
 * or sign-up past them answers 429. A hash takes about a tenth of a second of a core, so the
 * last in a full line waits a few seconds: room for a workshop's burst, not for a flood.
 */
export const hashLine = new PoolLine('scrypt', 32);

async function derive(password: string, salt: string, params: { N: number; r: number; p: number }) {
  try {
    const key = await hashLine.run({
      password: password.normalize('NFKC'),
      salt,
      keyLength: KEY_LENGTH,
      ...params,
      // node refuses more than `maxmem` (32 MiB by default), and scrypt takes a little over 128 * N * r.
      maxmem: 128 * params.N * params.r * 2,
    });
    return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
  } catch (err) {
    if (err instanceof PoolLineFullError)
      throw poolBusy('Too many sign-ins at once. Please try again in a moment.');
    throw err;
  }
}

interface ParsedHash {
  params: { N: number; r: number; p: number };
  salt: string;
  key: string;
}

/** 'scrypt$N$r$p$salt$hash' as written now, or the legacy 'salt:hash'; undefined for anything else. */
function parse(hash: string): ParsedHash | undefined {
  const parts = hash.split('$');
  if (parts.length === 6 && parts[0] === PREFIX) {
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    const sane =
      [N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) &&
      N > 1 &&
      (N & (N - 1)) === 0 &&
      128 * N * r <= MAX_SCRYPT_BYTES &&
      p <= 4;
    return sane && parts[4] && parts[5] ? { params: { N, r, p }, salt: parts[4], key: parts[5] } : undefined;
  }
  const [salt, key] = hash.split(':');
  return salt && key ? { params: LEGACY_PARAMS, salt, key } : undefined;
}

/**
 * scrypt in the worker pool (better-auth's default runs scrypt in JS on the event loop, which
 * stalls every other request during a sign-in). The parameters are part of the hash.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const { N, r, p } = SCRYPT_PARAMS;
  return `${PREFIX}$${N}$${r}$${p}$${salt}$${(await derive(password, salt, SCRYPT_PARAMS)).toString('hex')}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, 'hex');
  const actual = await derive(password, parsed.salt, parsed.params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** True for a hash made with other parameters than today's: the next sign-in rewrites it. */
export function needsRehash(hash: string): boolean {
  const parsed = parse(hash);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return N !== SCRYPT_PARAMS.N || r !== SCRYPT_PARAMS.r || p !== SCRYPT_PARAMS.p;
}
