// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { aUser, cachePublicConfig, renderPage, resetDevice, signedInAs } from '../test/customer';
import { screen, waitFor, within } from '../test/rtl';
import AutoDataPage from './auto-data-page';
import HelpPage from './help-page';

/** /help and /auto-data (docs/product.md#2-routes-and-the-auth-gate). */

beforeEach(async () => {
  await resetDevice();
  mockApi();
});

describe('Help', () => {
  it("says what to do when a vehicle or ECU is not listed, and how to reach support at the server's address", async () => {
    await cachePublicConfig({ supportEmail: 'help@tuning.example' });
    await signedInAs(aUser({ perCreditPrice: 48 }));
    renderPage(<HelpPage />, { route: '/help' });
    expect(await screen.findByRole('heading', { name: 'My vehicle or ECU is not listed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload File' }).getAttribute('href')).toBe('/upload-file');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Email support' }).getAttribute('href')).toBe(
        'mailto:help@tuning.example?subject=Support%20request',
      ),
    );
    expect(screen.getByRole('link', { name: 'help@tuning.example' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Your price per credit is £48.00/)).toBeTruthy());
  });

  it('answers the common questions, with the default price when the user is not known yet', () => {
    renderPage(<HelpPage />, { route: '/help' });
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getByText('Can I get a refund?')).toBeTruthy();
    expect(within(faq).getByText(/Your price per credit is £60.00/)).toBeTruthy();
    expect(within(faq).getByText(/Reworking a file older than 21 days costs 1\s+extra credit/)).toBeTruthy();
  });
});

describe('Autodata', () => {
  it('describes the tool and asks support for access by e-mail', async () => {
    await cachePublicConfig({ supportEmail: 'help@tuning.example' });
    renderPage(<AutoDataPage />, { route: '/auto-data' });
    expect(screen.getByRole('heading', { name: 'Autodata', level: 1 })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Email support for access' }).getAttribute('href')).toBe(
        'mailto:help@tuning.example?subject=Autodata%20access',
      ),
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
