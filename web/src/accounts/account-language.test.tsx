// @vitest-environment happy-dom

import { afterEach, describe, expect, it } from 'vitest';
import { i18n, unsavedLocale } from '../i18n';
import { fail, ok } from '../test/api-mock';
import { aUser } from '../test/customer';
import { renderLayout } from '../test/routes';
import { screen, waitFor } from '../test/rtl';

afterEach(() => {
  localStorage.clear();
});

describe("a signed-in screen's language", () => {
  it.each(['customer', 'admin'] as const)(
    'is the account’s, chosen on another device, and this device keeps it (%s)',
    async (role) => {
      renderLayout(role, '/dashboard', { account: { locale: 'de' } });
      const menu = await screen.findByRole('combobox', { name: 'Sprache' });
      expect((menu as HTMLSelectElement).value).toBe('de');
      expect(document.documentElement.lang).toBe('de');
      expect(localStorage.getItem('ecu.locale')).toBe('de');
    },
  );

  it('chosen in the top bar, is saved on the account', async () => {
    const { user, api } = renderLayout('customer', '/dashboard');
    api.on('PUT', '/auth/locale', (req) => ok(aUser({ locale: (req.body as { locale: 'fr' }).locale })));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    await waitFor(() =>
      expect(api.calls('PUT', '/auth/locale').map((r) => r.body)).toEqual([{ locale: 'fr' }]),
    );
    await waitFor(() => expect(unsavedLocale()).toBeNull());
    expect(await screen.findByRole('combobox', { name: 'Langue' })).toBeTruthy();
  });

  it('chosen while the account cannot be told, stays unsaved and is sent by the next screen', async () => {
    const first = renderLayout('admin', '/dashboard');
    first.api.on('PUT', '/auth/locale', fail(503, 'The database is busy'));
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Türkçe');
    await waitFor(() => expect(first.api.calls('PUT', '/auth/locale')).toHaveLength(1));
    expect(unsavedLocale()).toBe('tr');
    expect(i18n.locale).toBe('tr');

    const next = renderLayout('admin', '/dashboard', {
      account: { locale: 'en' },
      answers: (api) => api.on('PUT', '/auth/locale', ok(aUser({ role: 'admin', locale: 'tr' }))),
    });
    await waitFor(() =>
      expect(next.api.calls('PUT', '/auth/locale').map((r) => r.body)).toEqual([{ locale: 'tr' }]),
    );
    await waitFor(() => expect(unsavedLocale()).toBeNull());
    // The account's old language did not win over the choice made here.
    expect(i18n.locale).toBe('tr');
  });
});
