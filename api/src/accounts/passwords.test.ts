import { randomBytes, scryptSync } from 'node:crypto';
import { COMMON_PASSWORD_MESSAGE } from '@ecu/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts } from '../db/schema';
import { newClient, PASSWORD, signUpUser, uniqueEmail, verifiedUser } from '../test/factories';
import { percentile, watchHealth } from '../test/health-watch';
import { otpIn } from '../test/smtp-sink';
import { startTestServer, type TestServer } from '../test/test-server';
import { hashLine, hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from './password-hash';

/** A hash as written before OWASP's parameters: 'salt:hash', scrypt N=16384, r=16, p=1. */
function legacyHash(password: string): string {
  const salt = randomBytes(16).toString('hex');
  const key = scryptSync(password.normalize('NFKC'), salt, 64, {
    N: 16384,
    r: 16,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return `${salt}:${key.toString('hex')}`;
}

/** A hash as written with OWASP's N=2^17, r=8, p=1 (128 MiB a hash), before the worker pool. */
function scrypt17Hash(password: string): string {
  const salt = randomBytes(16).toString('hex');
  const key = scryptSync(password.normalize('NFKC'), salt, 64, {
    N: 2 ** 17,
    r: 8,
    p: 1,
    maxmem: 256 * 1024 * 1024,
  });
  return `scrypt$131072$8$1$${salt}$${key.toString('hex')}`;
}

const OLD_HASHES = [
  ['salt:hash (N=2^14, r=16)', legacyHash],
  ['scrypt$131072$8$1 (128 MiB)', scrypt17Hash],
] as const;

describe('password hashes', () => {
  it("use OWASP's scrypt parameters of 32 MiB (N=2^15, r=8, p=3), named in the hash", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 3 });
    const hash = await hashPassword('a-long-passphrase');
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword({ hash, password: 'a-long-passphrase' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'a-long-passphrasE' })).toBe(false);
  });

  it.each(OLD_HASHES)(
    'still verify the hashes written before (%s), which need rewriting',
    async (_name, make) => {
      const old = make('a-long-passphrase');
      expect(await verifyPassword({ hash: old, password: 'a-long-passphrase' })).toBe(true);
      expect(await verifyPassword({ hash: old, password: 'another-passphrase' })).toBe(false);
      expect(needsRehash(old)).toBe(true);
    },
  );

  it.each([
    '',
    'garbage',
    'scrypt$1$1$1$aa',
    'scrypt$99999999999$8$1$aa$bb',
    'scrypt$x$8$1$aa$bb',
    // Not a power of two, and more memory than any hash of ours ever asked for.
    'scrypt$1000$8$1$aa$bb',
    'scrypt$262144$8$1$aa$bb',
  ])('refuse a malformed hash %j without throwing', async (hash) => {
    expect(await verifyPassword({ hash, password: 'whatever-it-is' })).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('a hash with older parameters', () => {
  it.each(OLD_HASHES)(
    '%s is rewritten with the current ones at the next sign-in, and the password keeps working',
    async (_name, make) => {
      const { user } = await signUpUser(server);
      const credential = and(eq(authAccounts.userId, user._id), eq(authAccounts.providerId, 'credential'));
      await server.deps.db
        .update(authAccounts)
        .set({ password: make(PASSWORD) })
        .where(credential);

      const first = await newClient(server).post('/api/auth/login', {
        email: user.email,
        password: PASSWORD,
      });
      expect(first.status).toBe(200);
      const [row] = await server.deps.db.select().from(authAccounts).where(credential);
      expect(row!.password).toMatch(/^scrypt\$32768\$8\$3\$/);
      const again = await newClient(server).post('/api/auth/login', {
        email: user.email,
        password: PASSWORD,
      });
      expect(again.status).toBe(200);
    },
  );
});

describe('a common password', () => {
  it('is refused on sign-up with a message on the password field, and nothing is created', async () => {
    const email = uniqueEmail();
    const res = await newClient(server).post('/api/auth/signup', {
      email,
      password: 'Sunshine1',
      confirmPassword: 'Sunshine1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(res.body.errors).toContainEqual({ path: 'password', message: COMMON_PASSWORD_MESSAGE });
    const retry = await newClient(server).post('/api/auth/signup', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(retry.body.data?.email).toBe(email);
  });

  it('is refused as the new password of a reset, which leaves the code usable', async () => {
    const user = await verifiedUser(server);
    await newClient(server).post('/api/auth/password-reset/request', { email: user.email });
    const otp = otpIn(await server.smtp.nextMail(user.email));
    const confirm = (password: string) =>
      newClient(server).post('/api/auth/password-reset/confirm', {
        email: user.email,
        otp,
        password,
        confirmPassword: password,
      });
    const refused = await confirm('iloveyou');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ path: 'password', message: COMMON_PASSWORD_MESSAGE });
    expect((await confirm('a-far-less-common-one')).status).toBe(200);
  });
});

describe('hashing in the worker pool (docs/decisions/068-worker-pool.md)', () => {
  it('50 concurrent wrong-password sign-ins keep the RSS and health in bounds', async () => {
    // Ten accounts, five tries each: under the per-address limit, each try from an address of its own.
    const users = await Promise.all(Array.from({ length: 10 }, () => verifiedUser(server)));
    const idle = await watchHealth(server.url, () => new Promise((resolve) => setTimeout(resolve, 2000)));
    const idleWorst = Math.max(...idle.medians);
    const before = process.memoryUsage().rss;
    const {
      result: answers,
      medians,
      peakRss,
    } = await watchHealth(server.url, () =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          newClient(server).post('/api/auth/login', {
            email: users[i % 10]!.email,
            password: 'not-the-password',
          }),
        ),
      ),
    );
    const growth = (peakRss() - before) / 2 ** 20;
    const statuses = answers.map((a) => a.status);
    console.info(
      `50 wrong-password sign-ins (line of ${hashLine.capacity}): ${statuses.filter((s) => s === 401).length} x 401, ` +
        `${statuses.filter((s) => s === 429).length} x 429; RSS ${(before / 2 ** 20).toFixed(0)} MB before, ` +
        `peak ${(peakRss() / 2 ** 20).toFixed(0)} MB (+${growth.toFixed(0)} MB); slowest health round median ` +
        `${Math.max(...medians).toFixed(1)} ms, 95th percentile ${percentile(medians, 0.95).toFixed(1)} ms of ${medians.length} rounds ` +
        `(idle: ${idleWorst.toFixed(1)} ms)`,
    );
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(Math.min(50, hashLine.capacity));
    expect(growth).toBeLessThan(300);
    // The goal is 100 ms (see the figures above); asserted is what a shared, loaded machine still
    // tells apart: the burst's own admission (50 requests parsed, counted and looked up on this
    // thread) held a round 0.4-0.7 s here; fifty hashes on this thread would hold it for seconds.
    expect(medians.length).toBeGreaterThan(0);
    expect(Math.max(...medians)).toBeLessThan(2000);
  }, 120_000);

  it('answers 429 with Retry-After and the usual envelope past the line, and signs in again once it is short', async () => {
    const user = await verifiedUser(server);
    // Unknown addresses: each sign-in still hashes (better-auth hashes to take as long), none is counted per address.
    const flood = Array.from({ length: hashLine.capacity + 30 }, (_, i) =>
      newClient(server).post('/api/auth/login', {
        email: `nobody-${i}@ecu.test`,
        password: 'not-the-password',
      }),
    );
    const answers = await Promise.all(flood);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ success: false, code: 'rate_limited' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    const again = await newClient(server).post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(again.status).toBe(200);
  }, 120_000);
});
