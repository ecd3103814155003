import { type APIRequestContext, type APIResponse, expect, type Page, request } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { verificationLinkIn, waitForMail } from './mail';
import { ADMIN } from './paths';

export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const PASSWORD = 'tuner-password-1';
export const PROFILE = {
  firstName: 'Ann',
  lastName: 'Lee',
  country: 'GB',
  city: 'Leeds',
  postalCode: 'LS1 1AA',
  address: '1 Workshop Lane',
};

let counter = 0;
/** Unique per call and per run, so reruns against a kept data dir never collide. */
export function uniqueEmail(tag = 'tuner'): string {
  return `${tag}-${Date.now().toString(36)}-${counter++}@e2e.test`;
}

/** Each API-made account comes from its own client IP so per-IP rate limits never trip. */
function nextIp(): string {
  return `10.9.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

let sessionCounter = 0;

/** A signed-in API session; each from its own client IP so the sign-in rate limit never trips. */
export async function apiSession(email: string, password: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: {
      Origin: BASE_URL,
      'X-Forwarded-For': `10.66.${Date.now() % 250}.${(sessionCounter++ % 250) + 1}`,
    },
  });
  const res = await ctx.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

/** The `data` of a successful answer; a failure fails the test with the server's body. */
export async function dataOf<T = unknown>(res: APIResponse): Promise<T> {
  const body = (await res.json()) as { data: T };
  expect(res.ok(), `${res.url()}: ${res.status()} ${JSON.stringify(body)}`).toBe(true);
  return body.data;
}

export type Stage = 'signedUp' | 'onboarded' | 'verified';

async function api(ctx: APIRequestContext, method: 'post' | 'put' | 'get', path: string, data?: unknown) {
  const res = await ctx[method](`/api${path}`, { data, headers: { Origin: BASE_URL } });
  const body = await res.json();
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${JSON.stringify(body)}`).toBe(true);
  return body;
}

/** An account made through the real API (mail read from the SMTP sink), at the stage asked for. */
export async function createAccount(stage: Stage = 'verified', email = uniqueEmail(), profile = PROFILE) {
  const ctx = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': nextIp() },
  });
  const since = Date.now();
  await api(ctx, 'post', '/auth/signup', { email, password: PASSWORD, confirmPassword: PASSWORD });
  if (stage !== 'signedUp') await api(ctx, 'post', '/auth/onboarding', profile);
  if (stage === 'verified') {
    const link = new URL(verificationLinkIn(await waitForMail(email, since)));
    await api(ctx, 'post', '/auth/signup-verify', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
    });
  }
  const me = (await api(ctx, 'get', '/auth/getMe')).data as { _id: string };
  await ctx.dispose();
  return { email, password: PASSWORD, id: me._id };
}

export async function adminApi() {
  const ctx = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': nextIp() },
  });
  await api(ctx, 'post', '/auth/login', { email: ADMIN.email, password: ADMIN.password });
  return {
    disable: (userId: string) => api(ctx, 'post', '/admin/disableUser', { userId }),
    activate: (userId: string) => api(ctx, 'post', '/admin/activeUser', { userId }),
    dispose: () => ctx.dispose(),
  };
}

/** Signs in through the sign-in screen, as a tuner would. */
export async function signInThroughUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * The desk's cast for a browser test: the seeded admin's API session, a verified tuner with their
 * session, and a verified account the admin has made an engineer.
 */
export async function engineerAndTuner() {
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const tunerAccount = await createAccount('verified');
  const engineerAccount = await createAccount('verified');
  await dataOf(
    await admin.put('/api/admin/updateUserRole', { data: { userId: engineerAccount.id, role: 'engineer' } }),
  );
  const tuner = await apiSession(tunerAccount.email, tunerAccount.password);
  return { admin, tuner, tunerAccount, engineerAccount };
}
