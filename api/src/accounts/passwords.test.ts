import { randomBytes, scryptSync } from 'node:crypto';
import { COMMON_PASSWORD_MESSAGE } from '@ecu/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts } from '../db/schema';
import { newClient, PASSWORD, signUpUser, uniqueEmail, verifiedUser } from '../test/factories';
import { otpIn } from '../test/smtp-sink';
import { startTestServer, type TestServer } from '../test/test-server';
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from './password-hash';

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

describe('password hashes', () => {
  it("use OWASP's scrypt parameters (N=2^17, r=8, p=1), named in the hash", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('a-long-passphrase');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword({ hash, password: 'a-long-passphrase' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'a-long-passphrasE' })).toBe(false);
  });

  it('still verify the hashes written before, which need rewriting', async () => {
    const old = legacyHash('a-long-passphrase');
    expect(await verifyPassword({ hash: old, password: 'a-long-passphrase' })).toBe(true);
    expect(await verifyPassword({ hash: old, password: 'another-passphrase' })).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it.each(['', 'garbage', 'scrypt$1$1$1$aa', 'scrypt$99999999999$8$1$aa$bb', 'scrypt$x$8$1$aa$bb'])(
    'refuse a malformed hash %j without throwing',
    async (hash) => {
      expect(await verifyPassword({ hash, password: 'whatever-it-is' })).toBe(false);
      expect(needsRehash(hash)).toBe(false);
    },
  );
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('a hash with older parameters', () => {
  it('is rewritten with the current ones at the next sign-in, and the password keeps working', async () => {
    const { user } = await signUpUser(server);
    const credential = and(eq(authAccounts.userId, user._id), eq(authAccounts.providerId, 'credential'));
    await server.deps.db
      .update(authAccounts)
      .set({ password: legacyHash(PASSWORD) })
      .where(credential);

    const first = await newClient(server).post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(first.status).toBe(200);
    const [row] = await server.deps.db.select().from(authAccounts).where(credential);
    expect(row!.password).toMatch(/^scrypt\$131072\$8\$1\$/);
    const again = await newClient(server).post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(again.status).toBe(200);
  });
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
