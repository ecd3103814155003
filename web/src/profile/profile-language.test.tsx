// @vitest-environment happy-dom

import { DEFAULT_NOTIFICATION_CHOICES } from '@ecu/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { mockApi, ok } from '../test/api-mock';
import { aUser, renderPage, resetDevice, signedInAs } from '../test/customer';
import { screen, within } from '../test/rtl';
import ProfileSettingsPage from './profile-settings-page';

/** Profile settings and its notifications in the reader's language. */

beforeEach(resetDevice);

function network() {
  mockApi()
    .on('GET', '/notifications/public-key', ok({ publicKey: null }))
    .on('GET', '/notifications/preferences', ok(DEFAULT_NOTIFICATION_CHOICES));
}

describe('profile settings in German', () => {
  it('speaks German, with German amounts', async () => {
    await activateLocale('de');
    await signedInAs(aUser({ email: 'ann@example.com', credits: 1250, perCreditPrice: 55 }));
    network();
    renderPage(<ProfileSettingsPage />, { route: '/profile-settings' });
    expect(await screen.findByRole('heading', { name: 'Profileinstellungen' })).toBeTruthy();
    const account = screen.getByRole('region', { name: 'Konto' });
    expect(account.textContent).toContain('Preis pro Credit');
    expect(account.textContent).toContain('1.250 CRD');
    expect(account.textContent).toMatch(/55,00\s£/);
    const form = screen.getByRole('form', { name: 'Persönliche Daten' });
    expect(within(form).getByRole('textbox', { name: 'Stadt' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Änderungen speichern' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Benachrichtigungen' })).toBeTruthy();
  });
});

describe('profile settings in Arabic', () => {
  it('keeps the e-mail address as written', async () => {
    await activateLocale('ar');
    await signedInAs(aUser({ email: 'ann@example.com' }));
    network();
    renderPage(<ProfileSettingsPage />, { route: '/profile-settings' });
    expect(await screen.findByRole('heading', { name: 'إعدادات الملف الشخصي' })).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
  });
});
