import { type BrowserContext, expect, test } from '@playwright/test';
import { BASE_URL, createAccount } from './support/accounts';
import { ADMIN } from './support/paths';

type Who = 'signedOut' | 'notOnboarded' | 'unverified' | 'user' | 'admin';

// [who, path visited, where the browser ends up]; docs/product.md#2-routes-and-the-auth-gate.
const RULES: [Who, string, string][] = [
  ['signedOut', '/', '/signin'],
  ['signedOut', '/signin', '/signin'],
  ['signedOut', '/signup', '/signup'],
  ['signedOut', '/password-reset', '/password-reset'],
  ['signedOut', '/login', '/signin'],
  ['signedOut', '/onboarding', '/signin'],
  ['signedOut', '/unverified', '/signin'],
  ['signedOut', '/verify-email', '/signin'],
  ['signedOut', '/dashboard', '/signin'],
  ['signedOut', '/my-files', '/signin'],
  ['signedOut', '/users', '/signin'],
  ['signedOut', '/no-such-page', '/signin'],
  ['notOnboarded', '/', '/onboarding'],
  ['notOnboarded', '/signin', '/onboarding'],
  ['notOnboarded', '/signup', '/onboarding'],
  ['notOnboarded', '/onboarding', '/onboarding'],
  ['notOnboarded', '/unverified', '/onboarding'],
  ['notOnboarded', '/dashboard', '/onboarding'],
  ['unverified', '/', '/unverified'],
  ['unverified', '/signin', '/unverified'],
  ['unverified', '/onboarding', '/unverified'],
  ['unverified', '/unverified', '/unverified'],
  ['unverified', '/dashboard', '/unverified'],
  ['unverified', '/password-reset', '/unverified'],
  ['user', '/', '/dashboard'],
  ['user', '/signin', '/dashboard'],
  ['user', '/signup', '/dashboard'],
  ['user', '/password-reset', '/dashboard'],
  ['user', '/onboarding', '/dashboard'],
  ['user', '/unverified', '/dashboard'],
  ['user', '/verify-email', '/dashboard'],
  ['user', '/profile-settings', '/profile-settings'],
  ['user', '/price-list', '/price-list'],
  ['user', '/buy-credits', '/buy-credits'],
  ['user', '/transactions', '/transactions'],
  ['user', '/upload-file', '/upload-file'],
  // Steps 2 and 3 without wizard data go back to step 1 (the alias is step 2's other name).
  ['user', '/modification-plan', '/upload-file'],
  ['user', '/upload-file/modification-plan', '/upload-file'],
  ['user', '/overview', '/upload-file'],
  ['user', '/my-files', '/my-files'],
  ['user', '/ticket-details/100001', '/ticket-details/100001'],
  ['user', '/help', '/help'],
  ['user', '/auto-data', '/auto-data'],
  ['user', '/users', '/dashboard'],
  ['user', '/ticket/100001', '/dashboard'],
  ['user', '/no-such-page', '/dashboard'],
  ['admin', '/', '/dashboard'],
  ['admin', '/signin', '/dashboard'],
  ['admin', '/users', '/users'],
  ['admin', '/unverified-users', '/unverified-users'],
  ['admin', '/disabled-users', '/disabled-users'],
  ['admin', '/files', '/files'],
  ['admin', '/credits', '/credits'],
  ['admin', '/transactions', '/transactions'],
  ['admin', '/settings', '/settings'],
  ['admin', '/ticket/100001', '/ticket/100001'],
  ['admin', '/ticket', '/files'],
  ['admin', '/price-list', '/dashboard'],
  ['admin', '/my-files', '/dashboard'],
];

async function signInContext(context: BrowserContext, who: Who) {
  if (who === 'signedOut') return;
  const account =
    who === 'admin'
      ? { email: ADMIN.email, password: ADMIN.password }
      : await createAccount(
          who === 'notOnboarded' ? 'signedUp' : who === 'unverified' ? 'onboarded' : 'verified',
        );
  const res = await context.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: { Origin: BASE_URL },
  });
  expect(res.ok()).toBe(true);
}

for (const who of ['signedOut', 'notOnboarded', 'unverified', 'user', 'admin'] as const) {
  test(`routing by auth state: ${who}`, async ({ browser }) => {
    const context = await browser.newContext();
    await signInContext(context, who);
    const page = await context.newPage();
    for (const [, path, expected] of RULES.filter(([w]) => w === who)) {
      await page.goto(path);
      await expect(page, `${who} visiting ${path}`).toHaveURL((url) => url.pathname === expected);
      await expect(page.locator('#root')).not.toBeEmpty();
    }
    await context.close();
  });
}
