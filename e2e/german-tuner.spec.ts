import { expect, test } from '@playwright/test';
import { apiSession, dataOf, PASSWORD, uniqueEmail } from './support/accounts';
import { catalogue } from './support/catalogue';
import { verificationLinkIn, waitForMail } from './support/mail';
import { ADMIN } from './support/paths';
import { fillVehicleStep } from './support/tickets';

/**
 * A German tuner's whole story in the browser (docs/decisions/093-languages.md): a browser that
 * speaks German gets the portal in German from the first screen; signs up, confirms the German
 * e-mail, completes the profile, sends a file through the wizard, hears in German that the tuned
 * file is ready and downloads it, with German dates and numbers on the way.
 */
const de = catalogue('de');
test.use({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
test.setTimeout(180_000);

test('a German tuner signs up, sends a file and downloads the tuned one, in German throughout', async ({
  page,
}) => {
  const email = uniqueEmail('deutsch');

  // Signing up: the browser's language decides the first screen's.
  const since = Date.now();
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('Create Account'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Konto erstellen');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#confirmPassword').fill(PASSWORD);
  await page.locator('#terms').check();
  await page.getByRole('button', { name: de('Continue') }).click();

  // The profile, then the confirmation e-mail in German: the account took the screen's language.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('Complete Your Profile'));
  await page.locator('#firstName').fill('Jürgen');
  await page.locator('#lastName').fill('Weiß');
  await page.locator('#country').selectOption('DE');
  await page.locator('#city').fill('München');
  await page.locator('#postalCode').fill('80331');
  await page.locator('#address').fill('Leopoldstraße 12');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/unverified$/);
  const mail = await waitForMail(email, since);
  expect(mail.subject).toContain('Bestätigen Sie Ihre E-Mail-Adresse');
  await page.goto(verificationLinkIn(mail));
  await expect(page.getByText(de('Email verified successfully!'))).toBeVisible();
  // It moves on by itself to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

  // Credits from the desk, shown the German way.
  const tuner = await apiSession(email, PASSWORD);
  const me = await dataOf<{ _id: string; locale: string }>(await tuner.get('/api/auth/getMe'));
  expect(me.locale).toBe('de');
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  await dataOf(await admin.put('/api/admin/updateUserCredits', { data: { userId: me._id, credits: 5 } }));
  await page.reload();
  await expect(page.getByTestId('sidebar-credits')).toHaveText('5 CRD');
  // The packages' prices in pounds, written the German way (60,00 £).
  await page.goto('/buy-credits');
  await expect(page.getByText(/^\d+,\d{2}\s£$/).first()).toBeVisible();
  await page.goto('/dashboard');

  // The wizard, in German.
  // The sidebar's File Service menu, in German, leads to the wizard.
  await page.getByRole('button', { name: de('File Service') }).click();
  await page.getByRole('link', { name: de('Upload File') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('Upload File'));
  await fillVehicleStep(page, {
    model: 'Golf 2.0 TDI',
    year: '2019',
    registration: `M AB ${Date.now().toString().slice(-4)}`,
  });
  await page.getByRole('button', { name: de('Continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('Modification Plan'));
  await page.locator('input[type="radio"][value="Stage 1"]').check();
  await page.getByRole('checkbox', { name: 'EGR OFF' }).check();
  await page.getByRole('button', { name: de('Continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('Overview'));
  await page.getByLabel(de('I accept the terms and conditions')).check();
  await page.getByRole('button', { name: de('Submit') }).click();
  await expect(page).toHaveURL(/\/my-files$/);
  await expect(page.getByTestId('file-row')).toHaveCount(1);

  // The desk delivers; the customer hears it in German.
  const [ticket] = await dataOf<{ _id: string; ticketNumber: number }[]>(
    await tuner.get('/api/ecuFile/my-files'),
  );
  const n = ticket!.ticketNumber;
  await dataOf(
    await admin.put('/api/admin/uploadTunedFile', {
      multipart: {
        ticketNumber: String(n),
        tunedFile: { name: 'stage1.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('tuned') },
      },
    }),
  );
  const delivered = Date.now();
  await dataOf(
    await admin.put('/api/admin/updateEcuFileStatus', { data: { fileId: ticket!._id, status: 'Unlocked' } }),
  );
  const ready = await waitForMail(email, delivered);
  expect(ready.subject).toContain('Ihre getunte Datei ist bereit');

  // The ticket page in German: its status, its banner, a German date; the download.
  await page.goto(`/ticket-details/${n}`);
  await expect(page.getByText(de('Click below to download your tuned file.'))).toBeVisible();
  await expect(page.getByText(de('Unlocked')).first()).toBeVisible();
  const year = new Date().getFullYear();
  await expect(
    page.getByText(new RegExp(`\\d{2}\\.\\d{2}\\.${year}|\\d{1,2}\\. \\p{L}+\\.? ${year}`, 'u')).first(),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: de('Download') }).click();
  expect((await download).suggestedFilename()).toMatch(/\.bin$/);
  await expect(page.getByTestId('sidebar-credits')).not.toHaveText('5 CRD');

  await tuner.dispose();
  await admin.dispose();
});
