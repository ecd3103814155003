// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { signInAs, ticketDto, userDto } from '../test/admin-fixtures';
import { mockApi, ok } from '../test/api-mock';
import { findToast, renderWithProviders, tableRows } from '../test/render';
import { screen, waitFor, within } from '../test/rtl';
import EcuFilesPage from './ecu-files-page';

describe('the ECU files desk', () => {
  it('shows each ticket with its customer, vehicle, plate, price and status', async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/getAllEcuFiles',
      ok(
        [
          ticketDto({
            ticketNumber: 100234,
            registration: 'ab12 cde',
            creditsNeed: 6,
            status: 'In Progress',
          }),
          ticketDto({ ticketNumber: 100233, userId: undefined, status: 'something-new' }),
        ],
        { message: 'ECU files', nextCursor: null },
      ),
    );
    renderWithProviders(<EcuFilesPage />);

    const link = await screen.findByRole('link', { name: 'Open ticket 100234' });
    expect(link.getAttribute('href')).toBe('/ticket/100234');
    const [first, second] = tableRows('Submitted ECU files');
    expect(first).toEqual(
      expect.arrayContaining(['#100234', 'Volkswagen Golf 2019', 'AB12 CDE', '6.00 CRD', 'In Progress']),
    );
    expect(first?.[1]).toBe('Tom Tunertom@garage.com');
    // A customer the server no longer names, and a status this screen does not know (read as Pending).
    expect(second?.[1]).toBe('No nameUnknown user');
    expect(second?.[5]).toBe('Pending');
  });

  it('asks the server for one status, and remembers the filter', async () => {
    const api = mockApi();
    api.on('GET', '/admin/getAllEcuFiles', ({ query }) =>
      ok(
        query.get('status') === 'Completed'
          ? [ticketDto({ ticketNumber: 100300, status: 'Completed' })]
          : [ticketDto({ ticketNumber: 100301 }), ticketDto({ ticketNumber: 100300, status: 'Completed' })],
        { nextCursor: null },
      ),
    );
    const view = renderWithProviders(<EcuFilesPage />);
    await screen.findByRole('link', { name: 'Open ticket 100301' });

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open ticket 100301' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Open ticket 100300' })).toBeTruthy();
    expect(api.calls('GET', '/admin/getAllEcuFiles').at(-1)?.query.get('status')).toBe('Completed');
    view.unmount();

    renderWithProviders(<EcuFilesPage />, { queryClient: view.queryClient });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'Completed');
  });

  it('says no file matches a search, and pages on with the cursor', async () => {
    const api = mockApi();
    api.on('GET', '/admin/getAllEcuFiles', ({ query }) => {
      if (query.get('q')) return ok([], { nextCursor: null });
      if (query.get('cursor') === '100400')
        return ok([ticketDto({ ticketNumber: 100399 })], { nextCursor: null });
      return ok([ticketDto({ ticketNumber: 100400 })], { nextCursor: '100400' });
    });
    const view = renderWithProviders(<EcuFilesPage />);

    await view.user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Open ticket 100399' })).toBeTruthy();
    expect(screen.getByText('Showing 2 files')).toBeTruthy();

    await view.user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'zz99');
    expect(await screen.findByText('No files match these filters.')).toBeTruthy();
    expect(api.calls('GET', '/admin/getAllEcuFiles').at(-1)?.query.get('q')).toBe('zz99');
  });

  it('says when nothing was submitted yet, and toasts a failed load', async () => {
    const api = mockApi();
    api.on('GET', '/admin/getAllEcuFiles', ok([], { nextCursor: null }));
    const first = renderWithProviders(<EcuFilesPage />);
    expect(await screen.findByText('No files submitted yet.')).toBeTruthy();
    first.unmount();

    api.on('GET', '/admin/getAllEcuFiles', new Response(null, { status: 503 }));
    renderWithProviders(<EcuFilesPage />);
    expect(await findToast('Failed to load ECU Files')).toBeTruthy();
  });

  it("filters Mine, Unassigned and All on the server, shows each row's assignee and the open counts", async () => {
    const me = userDto({ _id: 'eng-me', role: 'engineer', firstName: 'Eve', lastName: 'Engineer' });
    await signInAs(me);
    const mine = ticketDto({ ticketNumber: 100501, assignee: { _id: 'eng-me', name: 'Eve Engineer' } });
    const theirs = ticketDto({ ticketNumber: 100502, assignee: { _id: 'eng-bo', name: 'Bo Smith' } });
    const nobodys = ticketDto({ ticketNumber: 100503, assignee: null });
    const api = mockApi();
    api.on('GET', '/admin/getAllEcuFiles', ({ query }) => {
      const assigned = query.get('assigned');
      const rows =
        assigned === 'mine' ? [mine] : assigned === 'unassigned' ? [nobodys] : [nobodys, theirs, mine];
      return ok(rows, { nextCursor: null });
    });
    api.on(
      'GET',
      '/admin/tickets/assignees',
      ok({
        assignees: [
          { id: 'eng-bo', name: 'Bo Smith', role: 'engineer', openTickets: 3 },
          { id: 'eng-me', name: 'Eve Engineer', role: 'engineer', openTickets: 1 },
        ],
        openTicketLimit: 3,
      }),
    );
    const view = renderWithProviders(<EcuFilesPage />);

    await screen.findByRole('link', { name: 'Open ticket 100502' });
    const filters = screen.getByRole('group', { name: 'Assigned to' });
    const button = (name: string) => within(filters).getByRole('button', { name });
    expect(button('All').getAttribute('aria-pressed')).toBe('true');
    // '(you)' once the signed-in user has been read from the device.
    await waitFor(() =>
      expect(tableRows('Submitted ECU files').map((r) => r[6])).toEqual([
        'Unassigned',
        'Bo Smith',
        'Eve Engineer (you)',
      ]),
    );
    const load = await screen.findByRole('region', { name: 'Open tickets per person' });
    expect(load.textContent).toContain('Bo Smith 3 of 3');
    expect(load.textContent).toContain('Eve Engineer 1 of 3');

    await view.user.click(button('Mine'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open ticket 100502' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Open ticket 100501' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open ticket 100503' })).toBeNull();
    expect(button('Mine').getAttribute('aria-pressed')).toBe('true');
    expect(api.calls('GET', '/admin/getAllEcuFiles').at(-1)?.query.get('assigned')).toBe('mine');

    await view.user.click(button('Unassigned'));
    expect(await screen.findByRole('link', { name: 'Open ticket 100503' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open ticket 100501' })).toBeNull());
    expect(api.calls('GET', '/admin/getAllEcuFiles').at(-1)?.query.get('assigned')).toBe('unassigned');

    await view.user.click(button('All'));
    expect(await screen.findByRole('link', { name: 'Open ticket 100502' })).toBeTruthy();
    expect(api.calls('GET', '/admin/getAllEcuFiles').at(-1)?.query.has('assigned')).toBe(false);
  });
});
