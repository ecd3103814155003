import { randomBytes } from 'node:crypto';
import type { ProfileInput, UserDto } from '@ecu/shared';
import { ApiClient, type ApiResponse } from './http-client';
import { verificationLinkIn } from './smtp-sink';
import type { TestServer } from './test-server';

const run = randomBytes(3).toString('hex');
let sequence = 0;

/** A fresh address on every call: tests never share an account by accident. */
export function uniqueEmail(tag = 'user'): string {
  sequence += 1;
  return `${tag}-${run}-${sequence}@ecu.test`;
}

let ipSequence = 0;

/** A fresh client IP (sent as X-Forwarded-For): each caller has its own per-IP limits. */
export function uniqueIp(): string {
  ipSequence += 1;
  return `198.18.${Math.floor(ipSequence / 250) % 250}.${(ipSequence % 250) + 1}`;
}

/** A browser of its own, signed out. */
export function newClient(server: TestServer): ApiClient {
  return new ApiClient(server.url, uniqueIp());
}

export const PASSWORD = 'correct-horse-battery';

export const PROFILE: ProfileInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'GB',
  city: 'London',
  postalCode: 'SW1A 1AA',
  address: '10 Downing Street',
};

export interface TestUser {
  client: ApiClient;
  email: string;
  password: string;
  user: UserDto;
}

function expectStatus<T>(res: ApiResponse<T>, status: number, step: string): ApiResponse<T> {
  if (res.status !== status) {
    throw new Error(`${step}: expected ${status}, got ${res.status}: ${res.text}`);
  }
  return res;
}

/** Signed up through POST /api/auth/signup (and so signed in); not onboarded, not verified. */
export async function signUpUser(
  server: TestServer,
  options: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const client = newClient(server);
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const res = expectStatus(
    await client.post<UserDto>('/api/auth/signup', { email, password, confirmPassword: password }),
    201,
    'sign-up',
  );
  return { client, email, password, user: res.body.data };
}

/** Signed up and onboarded; the e-mail is not verified yet. */
export async function onboardedUser(server: TestServer, profile: ProfileInput = PROFILE): Promise<TestUser> {
  const signedUp = await signUpUser(server);
  const res = expectStatus(
    await signedUp.client.post<UserDto>('/api/auth/onboarding', profile),
    200,
    'onboarding',
  );
  return { ...signedUp, user: res.body.data };
}

/** Onboarded and verified through the link of the verification mail: a user of the app. */
export async function verifiedUser(server: TestServer, profile: ProfileInput = PROFILE): Promise<TestUser> {
  const onboarded = await onboardedUser(server, profile);
  const link = verificationLinkIn(await server.smtp.nextMail(onboarded.email));
  const res = expectStatus(
    await onboarded.client.post<UserDto>('/api/auth/signup-verify', { token: link.token, email: link.email }),
    200,
    'verify',
  );
  return { ...onboarded, user: res.body.data };
}

/** The server's ADMIN_EMAIL/ADMIN_PASSWORD admin, signed in through /api/auth/login. */
export async function adminUser(server: TestServer): Promise<TestUser> {
  if (!server.admin) throw new Error('This test server was started without ADMIN_EMAIL');
  const client = newClient(server);
  const { email, password } = server.admin;
  const res = expectStatus(
    await client.post<UserDto>('/api/auth/login', { email, password }),
    200,
    'admin sign-in',
  );
  return { client, email, password, user: res.body.data };
}

/** One admin session per server for factories, so they never spend the admin's sign-in limit. */
const factoryAdmins = new WeakMap<TestServer, Promise<TestUser>>();

/** A verified user whose account an admin disabled through POST /api/admin/disableUser. */
export async function disabledUser(server: TestServer): Promise<TestUser> {
  const verified = await verifiedUser(server);
  if (!factoryAdmins.has(server)) factoryAdmins.set(server, adminUser(server));
  const admin = await factoryAdmins.get(server)!;
  expectStatus(
    await admin.client.post('/api/admin/disableUser', { userId: verified.user._id }),
    200,
    'disable',
  );
  return { ...verified, user: { ...verified.user, disabled: true } };
}

/** A verified account an admin made an engineer through PUT /api/admin/updateUserRole. */
export async function engineerUser(server: TestServer): Promise<TestUser> {
  const verified = await verifiedUser(server);
  if (!factoryAdmins.has(server)) factoryAdmins.set(server, adminUser(server));
  const admin = await factoryAdmins.get(server)!;
  expectStatus(
    await admin.client.put('/api/admin/updateUserRole', { userId: verified.user._id, role: 'engineer' }),
    200,
    'make engineer',
  );
  return { ...verified, user: { ...verified.user, role: 'engineer' } };
}

/** Signs in again from a new browser (a second session of the same user). */
export async function signIn(
  server: TestServer,
  who: { email: string; password: string },
): Promise<ApiClient> {
  const client = newClient(server);
  expectStatus(
    await client.post('/api/auth/login', { email: who.email, password: who.password }),
    200,
    'sign-in',
  );
  return client;
}
