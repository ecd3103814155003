// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../local/db';
import { writeSignedInCopy } from '../local/signed-in-copy';
import { fail, mockApi } from '../test/api-mock';
import { aFile, aTicket, aUser, renderPage, resetDevice, signedInAs } from '../test/customer';
import { screen, waitFor, within } from '../test/rtl';
import DashboardRoute from './dashboard-route';

/** The customer's dashboard (docs/product.md#3-customer-screens), from the device's data. */

beforeEach(async () => {
  await resetDevice();
  writeSignedInCopy(null);
  // The file service's status is the service-status feature's; here it has not answered.
  mockApi().on('GET', '/service-status', fail(503, 'Unavailable'));
});

describe('Dashboard', () => {
  it('welcomes the tuner by name, with files submitted, money spent and the Autodata card', async () => {
    await signedInAs(
      aUser({ firstName: 'Ann', lastName: 'Lee', totalFilesSubmitted: 12, totalMoneySpent: 1584 }),
    );
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee!' })).toBeTruthy();
    expect(screen.getByTestId('files-submitted').textContent).toBe('12');
    expect(screen.getByTestId('money-spent').textContent).toBe('£1,584.00');
    expect(screen.getByRole('link', { name: 'Open Autodata' }).getAttribute('href')).toBe('/auto-data');
  });

  it("gives an engineer the queue's doors, not the overview's figures", async () => {
    await signedInAs(aUser({ firstName: 'Eve', role: 'engineer' }));
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Eve!' })).toBeTruthy();
    const queue = screen.getByRole('navigation', { name: 'The queue' });
    expect(
      within(queue)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/files', '/inbox', '/solutions']);
    expect(screen.queryByTestId('money-spent')).toBeNull();
  });

  it('shows 0 files and £0.00 for values that are not numbers', async () => {
    await signedInAs(
      aUser({ totalFilesSubmitted: Number.NaN, totalMoneySpent: undefined as unknown as number }),
    );
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    expect((await screen.findByTestId('files-submitted')).textContent).toBe('0');
    expect(screen.getByTestId('money-spent').textContent).toBe('£0.00');
  });

  it('lists the latest files, ready-to-download first, and links to all files', async () => {
    await signedInAs(aUser());
    await localDb.tickets.bulkPut([
      aTicket({ ticketNumber: 100401, status: 'Pending', createdAt: '2025-03-05T09:00:00Z' }),
      aTicket({
        ticketNumber: 100402,
        status: 'Unlocked',
        ecuTunedFile: aFile('tuned.bin'),
        createdAt: '2025-03-01T09:00:00Z',
      }),
      aTicket({ ticketNumber: 100403, status: 'Completed', createdAt: '2025-03-04T09:00:00Z' }),
    ]);
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    // The card's code loads once the frame has painted (a chunk of its own).
    const rows = await screen.findAllByTestId('latest-file', {}, { timeout: 5_000 });
    expect(rows).toHaveLength(3);
    const card = screen.getByRole('region', { name: 'Latest files' });
    const numbers = within(card)
      .getAllByRole('link', { name: /^#\d+$/ })
      .map((a) => a.textContent);
    expect(numbers).toEqual(['#100402', '#100401', '#100403']);
    expect(within(card).getAllByText('Ready to download')).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'All files' }).getAttribute('href')).toBe('/my-files');
  });

  it('without files: invites the first upload', async () => {
    await signedInAs(aUser());
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    const upload = await screen.findByRole('link', { name: 'Upload an ECU file' }, { timeout: 5_000 });
    const card = screen.getByRole('region', { name: 'Latest files' });
    expect(within(card).getByRole('link', { name: 'Upload an ECU file' })).toBe(upload);
    expect(upload.getAttribute('href')).toBe('/upload-file');
    expect(within(card).queryByRole('link', { name: 'All files' })).toBeNull();
  });

  it('paints its frame from the route gate’s copy while the local database is read, then the figures', async () => {
    writeSignedInCopy(
      await signedInAs(aUser({ firstName: 'Ann', lastName: 'Lee', totalFilesSubmitted: 12 })),
    );
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    // The first frame, before IndexedDB has answered: no name and no figures yet.
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Autodata' })).toBeTruthy();
    expect(screen.getByTestId('files-submitted').textContent).toBe('…');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee!' })).toBeTruthy();
    expect(screen.getByTestId('files-submitted').textContent).toBe('12');
  });

  it('renders nothing while the device knows nobody', async () => {
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    // The cached user is read after the first paint; knowing nobody, nothing shows then either.
    await waitFor(() => expect(screen.queryByRole('heading')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows the latest files card frame first, its rows once its code and the tickets are read', async () => {
    writeSignedInCopy(await signedInAs(aUser()));
    await localDb.tickets.bulkPut([aTicket({ ticketNumber: 100501, status: 'Pending' })]);
    renderPage(<DashboardRoute />, { route: '/dashboard' });
    const frame = screen.getByRole('region', { name: 'Latest files' });
    expect(within(frame).getByText('Loading...').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('link', { name: '#100501' }, { timeout: 10_000 })).toBeTruthy();
  }, 15_000);
});
