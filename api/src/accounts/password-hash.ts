import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

/** OWASP's current scrypt advice: N=2^17, r=8, p=1 (docs/decisions/023-leaks-and-accounts.md). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
/** What hashes written before that advice used ('salt:hash', no prefix). */
const LEGACY_PARAMS = { N: 16384, r: 16, p: 1 } as const;
const PREFIX = 'scrypt';

function derive(
  password: string,
  salt: string,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; node refuses more than `maxmem` (32 MiB by default).
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
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
      [N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) && N <= 2 ** 20 && r <= 32 && p <= 4;
    return sane && parts[4] && parts[5] ? { params: { N, r, p }, salt: parts[4], key: parts[5] } : undefined;
  }
  const [salt, key] = hash.split(':');
  return salt && key ? { params: LEGACY_PARAMS, salt, key } : undefined;
}

/**
 * scrypt on node's thread pool (better-auth's default runs scrypt in JS on the event loop,
 * which stalls every other request during a sign-in). The parameters are part of the hash.
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
