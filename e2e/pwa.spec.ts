import { expect, test } from '@playwright/test';
import { createAccount, signInThroughUi } from './support/accounts';

test('the portal is installable: manifest with icons, standalone display, a service worker', async ({
  page,
}) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', short_name: 'ECU Portal' });
  const purposes = manifest.icons.map((i: { purpose?: string }) => i.purpose ?? 'any');
  expect(purposes).toContain('maskable');
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.ok(), icon.src).toBe(true);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const registered = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return Boolean(reg.active);
  });
  expect(registered).toBe(true);
});

test('the shell is served with security headers that the PWA works under', async ({ page }) => {
  const res = await page.goto('/signin');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
});

test.describe('a page that cannot be downloaded', () => {
  // Requests answered by the service worker never reach page.route: leave it out here.
  test.use({ serviceWorkers: 'block' });

  test('shows a reload screen inside the layout, and the page opens after the reload', async ({ page }) => {
    const account = await createAccount('verified');
    await signInThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The Price List chunk fails once, as after a deployment or on a network that drops.
    let refused = false;
    await page.route(/\/assets\/price-list-page-[^/]+\.js$/, (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.abort('internetdisconnected');
    });
    await page.getByRole('link', { name: 'Price List' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await expect(alert).toBeVisible();
    // The layout stays: the sidebar is still there to go elsewhere.
    await expect(page.getByRole('link', { name: 'Buy Credits' })).toBeVisible();
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Price List', level: 1 })).toBeVisible();
  });
});

test('the page’s scripts arrive compressed where the browser accepts it', async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined; bytes: number }[] = [];
  page.on('response', async (res) => {
    if (!res.url().includes('/assets/') || !res.url().endsWith('.js') || res.fromServiceWorker()) return;
    const headers = await res.allHeaders();
    scripts.push({
      url: res.url(),
      encoding: headers['content-encoding'],
      bytes: Number(headers['content-length'] ?? 0),
    });
  });
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  // Files under 1 KB are sent as they are (a compressed copy saves less than a packet).
  for (const s of scripts) if (s.encoding !== 'br') expect(s.bytes, s.url).toBeLessThan(1024);
  const entry = scripts.find((x) => /\/index-[\w-]+\.js$/.test(x.url));
  expect(entry?.encoding).toBe('br');
  // A client that takes no encoding gets the plain file.
  const plain = await page.request.get(entry!.url, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toContain('import');
});
