// @vitest-environment happy-dom
import type { SyncChangeDto, TicketDto } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../../local/db';
import { deferred, fail, mockApi, ok, setOnline } from '../../test/api-mock';
import { aTicket, findToast, renderPage, resetDevice } from '../../test/customer';
import { screen, waitFor, within } from '../../test/rtl';
import { fakeFeed, ticketRow } from '../../test/sync-feed';
import MyFilesPage from './my-files-page';

/** My Files (docs/product.md#3-customer-screens): the tuner's tickets, from the device first. */

beforeEach(resetDevice);

const ticketChange = (value: TicketDto): SyncChangeDto => ({
  entity: 'ticket',
  id: value._id,
  deleted: false,
  value,
});

const open = () => renderPage(<MyFilesPage />, { route: '/my-files' });

const rows = () =>
  screen
    .queryAllByTestId('file-row')
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''));

const golf = aTicket({
  ticketNumber: 100101,
  make: 'Volkswagen',
  model: 'Golf',
  year: '2019',
  registration: 'ab12 cde',
  readTool: 'KESS',
  creditsNeed: 3,
  status: 'Unlocked',
  createdAt: '2025-03-02T09:00:00Z',
});
const focus = aTicket({
  ticketNumber: 100102,
  make: 'Ford',
  model: 'Focus',
  year: '2017',
  registration: 'XY66 ZZZ',
  readTool: null,
  creditsNeed: 1,
  status: 'Something new',
  createdAt: '2025-03-03T09:00:00Z',
});

describe('My Files', () => {
  it('lists the tickets newest first with vehicle, plate, tool, price, status; a row opens its details', async () => {
    const api = mockApi().on('GET', '/sync', fakeFeed(ticketRow(golf), ticketRow(focus)).answer);
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => r.slice(0, 5))).toEqual([
      ['Ford Focus 2017#100102', 'XY66 ZZZ', 'N/A', '1.00 CRD', 'Pending'],
      ['Volkswagen Golf 2019#100101', 'AB12 CDE', 'KESS', '3.00 CRD', 'Unlocked'],
    ]);
    expect(screen.getByRole('link', { name: 'Volkswagen Golf 2019 #100101' }).getAttribute('href')).toBe(
      '/ticket-details/100101',
    );
    expect(screen.getByText('2 files')).toBeTruthy();
    // Opening pulls the feed, the tickets table's only writer (docs/decisions/044-one-writer.md).
    expect(api.calls('GET', '/sync')).toHaveLength(1);
    expect(api.calls('GET', '/ecuFile/my-files')).toHaveLength(0);
    expect(await localDb.tickets.count()).toBe(2);
  });

  it('follows the feed until it has every page', async () => {
    const api = mockApi().on('GET', '/sync', (req) =>
      req.query.get('cursor') === '1'
        ? ok({ changes: [ticketChange(focus)], cursor: '2', hasMore: false })
        : ok({ changes: [ticketChange(golf)], cursor: '1', hasMore: true }),
    );
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.calls('GET', '/sync').map((c) => c.query.get('cursor'))).toEqual(['0', '1']);
  });

  it('searches make, model and registration (spaces ignored)', async () => {
    mockApi().on('GET', '/sync', fakeFeed(ticketRow(golf), ticketRow(focus)).answer);
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search files' });
    await user.type(search, 'AB12CDE');
    expect(rows().map((r) => r[1])).toEqual(['AB12 CDE']);
    expect(screen.getByText('1 of 2 files')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'ford focus');
    expect(rows().map((r) => r[1])).toEqual(['XY66 ZZZ']);
    await user.clear(search);
    await user.type(search, 'Porsche');
    expect(screen.getByText('No files match “Porsche”.')).toBeTruthy();
  });

  it("shows 'Fetching Data...' while nothing is known, then the empty state", async () => {
    const answer = deferred();
    mockApi().on('GET', '/sync', () => answer.promise);
    open();
    expect(await screen.findByText('Fetching Data...')).toBeTruthy();
    answer.resolve(ok({ changes: [], cursor: '0', hasMore: false }));
    expect(await screen.findByRole('heading', { name: 'No files submitted yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Submit File' }).getAttribute('href')).toBe('/upload-file');
  });

  it('offline: the stored tickets, without asking the server', async () => {
    setOnline(false);
    await localDb.tickets.put(golf);
    const api = mockApi();
    open();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.calls()).toHaveLength(0);
    expect(screen.queryByText('Fetching Data...')).toBeNull();
  });

  it("says 'Failed to fetch Ecu Files' when the server refuses, and keeps the stored list", async () => {
    await localDb.tickets.put(golf);
    mockApi().on('GET', '/sync', fail(500, 'Database unavailable'));
    open();
    expect(await findToast('Failed to fetch Ecu Files')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(screen.getByTestId('file-row')).getByTestId('ticket-status').textContent).toBe('Unlocked');
  });
});
