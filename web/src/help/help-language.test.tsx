// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { mockApi } from '../test/api-mock';
import { aUser, cachePublicConfig, renderPage, resetDevice, signedInAs } from '../test/customer';
import { screen, waitFor } from '../test/rtl';
import HelpPage from './help-page';

/** /help in the reader's language. */

beforeEach(async () => {
  await resetDevice();
  mockApi();
});

describe('Help in German', () => {
  it('speaks German, with the price in German format', async () => {
    await activateLocale('de');
    await cachePublicConfig({ supportEmail: 'help@tuning.example' });
    await signedInAs(aUser({ perCreditPrice: 48 }));
    renderPage(<HelpPage />, { route: '/help' });
    expect(
      await screen.findByRole('heading', { name: 'Mein Fahrzeug oder mein ECU ist nicht aufgeführt' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Datei hochladen' }).getAttribute('href')).toBe('/upload-file');
    await waitFor(() => expect(screen.getByText(/Ihr Preis pro Credit beträgt 48,00\s£/)).toBeTruthy());
  });
});

describe('Help in Arabic', () => {
  it('keeps the support address as written', async () => {
    await activateLocale('ar');
    await cachePublicConfig({ supportEmail: 'help@tuning.example' });
    await signedInAs(aUser());
    renderPage(<HelpPage />, { route: '/help' });
    expect(await screen.findByRole('heading', { name: 'المساعدة' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'help@tuning.example' })).toBeTruthy());
  });
});
