// @vitest-environment happy-dom
import { formatDateTime, type TicketDto } from '@ecu/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { fail, mockApi, ok } from '../../test/api-mock';
import {
  aFile,
  aTicket,
  aUser,
  quietChatSocket,
  renderPage,
  resetDevice,
  signedInAs,
} from '../../test/customer';
import { screen, within } from '../../test/rtl';
import { fakeFeed, ticketRow } from '../../test/sync-feed';
import MyFilesPage from '../list/my-files-page';
import TicketDetailsPage from './ticket-details-page';

/** The customer's ticket page and My Files in the reader's language (docs/decisions/093-languages.md). */

beforeEach(async () => {
  await resetDevice();
  await signedInAs(aUser());
});

const ticket = aTicket({
  ticketNumber: 100777,
  make: 'BMW',
  model: '320d',
  year: '2016',
  registration: 'bd51 smr',
  readTool: 'KTAG',
  transmission: 'Automatic',
  creditsNeed: 3,
  status: 'Unlocked',
  ecuTunedFile: aFile('tuned.bin'),
  createdAt: '2025-03-01T09:00:00Z',
  history: [
    { kind: 'created', at: '2025-03-01T09:00:00Z', by: null, detail: { creditsNeed: 3 } },
    { kind: 'status_changed', at: '2025-03-02T09:00:00Z', by: 'Jane Admin', detail: { to: 'Unlocked' } },
  ],
});

function serve(value: TicketDto) {
  const { history: _history, chainStartedAt: _chain, ...row } = value;
  const feed = fakeFeed();
  feed.put(ticketRow(row));
  return mockApi()
    .on('GET', '/ecuFile/getTicketDetails/:n', (req) =>
      Number(req.params.n) === value.ticketNumber ? ok(value) : fail(404, 'Ticket not found'),
    )
    .on('GET', '/sync', feed.answer);
}

function openTicket() {
  quietChatSocket();
  renderPage(<TicketDetailsPage />, {
    route: '/ticket-details/:ticketNumber',
    at: `/ticket-details/${ticket.ticketNumber}`,
  });
}

describe('the ticket page in German', () => {
  it('says the banner, the cards and the history in German, with German dates and prices', async () => {
    await activateLocale('de');
    serve(ticket);
    openTicket();
    expect(
      await screen.findByRole('heading', { name: 'BMW 320d 2016', level: 1 }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('status-banner').textContent).toBe(
      'Klicken Sie unten, um Ihre getunte Datei herunterzuladen.',
    );
    expect(screen.getAllByTestId('ticket-status')[0]?.textContent).toBe('Freigeschaltet');
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Kennzeichen').nextElementSibling?.textContent).toBe('BD51 SMR');
    expect(within(details).getByText('Getriebe').nextElementSibling?.textContent).toBe('Automatik');
    const request = screen.getByRole('region', { name: 'Anfrage' });
    expect(within(request).getByText('Preis').nextElementSibling?.textContent).toBe('3,00 CRD');
    expect(screen.getByRole('button', { name: /Herunterladen/ })).toBeTruthy();
    expect(screen.getByText(/Eingereicht am/).textContent).toBe(
      `Eingereicht am ${formatDateTime(ticket.createdAt, undefined, 'de')}`,
    );

    const history = within(await screen.findByRole('region', { name: 'Verlauf' }));
    expect(await history.findByText('Ticket eingereicht', {}, { timeout: 5_000 })).toBeTruthy();
    expect(history.getByText('Preis 3 CRD')).toBeTruthy();
    expect(history.getByText('Status auf Freigeschaltet gesetzt')).toBeTruthy();
    expect(history.getByText('von Jane Admin')).toBeTruthy();
    expect(history.getByText(formatDateTime('2025-03-02T09:00:00Z', undefined, 'de'))).toBeTruthy();
  });

  it('lists My Files with German headers, a German count and the German date', async () => {
    await activateLocale('de');
    serve(ticket);
    renderPage(<MyFilesPage />, { route: '/my-files' });
    expect(
      await screen.findByRole('heading', { name: 'Meine Dateien', level: 1 }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('1 Datei', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'KENNZEICHEN' })).toBeTruthy();
    const cells = [...screen.getByTestId('file-row').querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toContain('3,00 CRD');
    expect(cells).toContain('Freigeschaltet');
    expect(cells).toContain(formatDateTime(ticket.createdAt, undefined, 'de'));
  });
});

describe('the ticket page in Arabic', () => {
  it('keeps the ticket number, the registration and the price digits as written', async () => {
    await activateLocale('ar');
    serve(ticket);
    openTicket();
    expect(
      await screen.findByRole('heading', { name: 'BMW 320d 2016', level: 1 }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText('#100777')).toBeTruthy();
    expect(screen.getByText('BD51 SMR')).toBeTruthy();
    const request = screen.getByRole('region', { name: 'الطلب' });
    expect(within(request).getByText('السعر').nextElementSibling?.textContent).toBe('3.00 CRD');
    expect(screen.getByTestId('status-banner').textContent).toBe('انقر أدناه لتنزيل ملفك المعدَّل.');
  });
});
