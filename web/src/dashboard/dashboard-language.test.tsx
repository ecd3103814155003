// @vitest-environment happy-dom

import { formatDateTime, formatGBP } from '@ecu/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { localDb } from '../local/db';
import { writeSignedInCopy } from '../local/signed-in-copy';
import { fail, mockApi } from '../test/api-mock';
import { aFile, aTicket, aUser, renderPage, resetDevice, signedInAs } from '../test/customer';
import { screen, within } from '../test/rtl';
import DashboardRoute from './dashboard-route';

/** The customer's dashboard in the reader's language (docs/decisions/093-languages.md). */

beforeEach(async () => {
  await resetDevice();
  writeSignedInCopy(null);
  mockApi().on('GET', '/service-status', fail(503, 'Unavailable'));
});

describe('the dashboard in German', () => {
  it('welcomes, counts and lists the latest files in German, money and dates the German way', async () => {
    await activateLocale('de');
    await signedInAs(
      aUser({ firstName: 'Ann', lastName: 'Lee', totalFilesSubmitted: 12, totalMoneySpent: 1584 }),
    );
    await localDb.tickets.bulkPut([
      aTicket({
        ticketNumber: 100402,
        status: 'Unlocked',
        ecuTunedFile: aFile('tuned.bin'),
        createdAt: '2025-03-01T09:00:00Z',
      }),
    ]);
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück, Ann Lee!' })).toBeTruthy();
    expect(screen.getByText('Eingereichte Dateien')).toBeTruthy();
    expect(screen.getByTestId('money-spent').textContent).toBe(formatGBP(1584, 'de'));
    expect(screen.getByTestId('money-spent').textContent).toMatch(/1\.584,00/);
    expect(screen.getByRole('link', { name: 'Autodata öffnen' })).toBeTruthy();
    await screen.findAllByTestId('latest-file', {}, { timeout: 5_000 });
    const card = screen.getByRole('region', { name: 'Neueste Dateien' });
    expect(within(card).getByText('Bereit zum Download')).toBeTruthy();
    expect(within(card).getByText('Freigeschaltet')).toBeTruthy();
    expect(within(card).getByText(formatDateTime('2025-03-01T09:00:00Z', undefined, 'de'))).toBeTruthy();
  });
});

describe('the dashboard in Arabic', () => {
  it('keeps the ticket number and the file count as written', async () => {
    await activateLocale('ar');
    await signedInAs(aUser({ firstName: 'Ann', lastName: 'Lee', totalFilesSubmitted: 12 }));
    await localDb.tickets.bulkPut([aTicket({ ticketNumber: 100501, status: 'Pending' })]);
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'مرحبًا بعودتك، Ann Lee!' })).toBeTruthy();
    expect(screen.getByTestId('files-submitted').textContent).toBe('12');
    expect(await screen.findByRole('link', { name: '#100501' }, { timeout: 10_000 })).toBeTruthy();
  }, 15_000);
});
