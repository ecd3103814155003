// @vitest-environment happy-dom
import type { TicketDto } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../../local/db';
import { fail, mockApi, ok, setOnline } from '../../test/api-mock';
import {
  aFile,
  aTicket,
  aUser,
  findToast,
  quietChatSocket,
  renderPage,
  resetDevice,
  signedInAs,
} from '../../test/customer';
import { cleanup, screen, waitFor, within } from '../../test/rtl';
import { type FakeFeed, fakeFeed, ticketRow } from '../../test/sync-feed';
import TicketDetailsPage from './ticket-details-page';

/** The customer's ticket page (docs/product.md#3-customer-screens, #5-tickets, #8-downloads-and-unlocking). */

beforeEach(async () => {
  await resetDevice();
  await signedInAs(aUser());
});

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000).toISOString();

function open(ticketNumber: number | string) {
  quietChatSocket();
  renderPage(<TicketDetailsPage />, {
    route: '/ticket-details/:ticketNumber',
    at: `/ticket-details/${ticketNumber}`,
  });
  return userEvent.setup();
}

const banner = () => screen.getByTestId('status-banner').textContent;
const fact = (label: string) =>
  within(screen.getByRole('region', { name: 'Details' })).getByText(label).nextElementSibling?.textContent;

/**
 * The server with one ticket: its details call, and its change feed (the only writer of the
 * device's tickets table, docs/decisions/044-one-writer.md), which carries the ticket without
 * what only the details call answers.
 */
function serve(ticket: TicketDto, feed: FakeFeed = fakeFeed()) {
  const { history: _history, chainStartedAt: _chain, ...row } = ticket;
  feed.put(ticketRow(row));
  return mockApi()
    .on('GET', '/ecuFile/getTicketDetails/:n', (req) =>
      Number(req.params.n) === ticket.ticketNumber ? ok(ticket) : fail(404, 'Ticket not found'),
    )
    .on('GET', '/sync', feed.answer);
}

describe('Ticket details', () => {
  it('shows the vehicle, the details with N/A for what is empty, and the status banner', async () => {
    const ticket = aTicket({
      ticketNumber: 100201,
      make: 'BMW',
      model: '320d',
      year: '2016',
      registration: 'bd51 smr',
      ecuId: 'Bosch EDC17C50',
      transmission: null,
      readTool: 'KTAG',
      status: 'In Progress',
    });
    const api = serve(ticket);
    open(100201);
    expect(await screen.findByRole('heading', { name: 'BMW 320d 2016', level: 1 })).toBeTruthy();
    expect(fact('Registration')).toBe('BD51 SMR');
    expect(fact('ECU')).toBe('Bosch EDC17C50');
    expect(fact('Tool')).toBe('KTAG');
    expect(fact('Gearbox')).toBe('N/A');
    expect(fact('Notes')).toBe('N/A');
    expect(banner()).toBe('Your file is currently being tuned.');
    expect(screen.getByRole('link', { name: 'My Files' }).getAttribute('href')).toBe('/my-files');
    expect(api.calls('GET', '/ecuFile/getTicketDetails/:n')).toHaveLength(1);
  });

  it.each([
    ['Pending', 'Your file request is pending and will be processed soon.'],
    ['Completed', 'File tuning has been completed successfully. Wait for the file to be available.'],
    ['Failed', 'Something went wrong while tuning the file. Please check again later.'],
    ['', 'Your file request is pending and will be processed soon.'],
  ])('status %j reads: %s', async (status, text) => {
    serve(aTicket({ ticketNumber: 100202, status }));
    open(100202);
    await screen.findByTestId('status-banner');
    expect(banner()).toBe(text);
    // Not on the device before: the page asked the feed for it.
    await waitFor(async () => expect(await localDb.tickets.count()).toBe(1));
  });

  it('folds notes longer than 100 characters behind See more / See less', async () => {
    const notes = `Please remove the DPF and EGR. ${'x'.repeat(120)} The end.`;
    serve(aTicket({ ticketNumber: 100203, notes }));
    const user = open(100203);
    const more = await screen.findByRole('button', { name: 'See more' });
    expect(fact('Notes')).not.toContain('The end.');
    await user.click(more);
    expect(fact('Notes')).toContain('The end.');
    await user.click(screen.getByRole('button', { name: 'See less' }));
    expect(fact('Notes')).not.toContain('The end.');
  });

  it('lists the fault codes with their descriptions and which were removed', async () => {
    serve(
      aTicket({
        ticketNumber: 100210,
        options: ['DTC OFF'],
        dtcCodes: [
          { code: 'P0420', removed: true },
          { code: 'P1234', removed: false },
        ],
      }),
    );
    open(100210);
    const list = await screen.findByRole('list', { name: 'Fault codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'P0420Catalyst system efficiency below threshold (bank 1)Removed',
      'P1234manufacturer-specificTo remove',
    ]);
    expect(screen.getByText('Fault codes (1 of 2 removed)')).toBeTruthy();
  });

  it('opens from the device while offline, and says downloads wait', async () => {
    setOnline(false);
    await localDb.tickets.put(aTicket({ ticketNumber: 100204, make: 'Audi', model: 'A4', year: '2015' }));
    const api = mockApi();
    open(100204);
    expect(await screen.findByRole('heading', { name: 'Audi A4 2015', level: 1 })).toBeTruthy();
    expect(
      screen.getByText('Offline: showing the copy on this device. Downloads wait for the connection.'),
    ).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });

  it('after one online visit, shows the history offline; the row itself came through the feed', async () => {
    const ticket = aTicket({
      ticketNumber: 100230,
      make: 'Skoda',
      model: 'Octavia',
      history: [
        { kind: 'created', at: '2025-03-01T09:00:00Z', by: null, detail: {} },
        {
          kind: 'status_changed',
          at: '2025-03-02T09:00:00Z',
          by: 'Jane Admin',
          detail: { to: 'In Progress' },
        },
      ],
    });
    const api = serve(ticket);
    open(100230);
    const historyCard = async () => within(await screen.findByRole('region', { name: 'History' }));
    await waitFor(async () => expect((await historyCard()).getAllByRole('listitem')).toHaveLength(2));
    await waitFor(async () => expect(await localDb.tickets.count()).toBe(1));
    expect(api.calls('GET', '/sync')).toHaveLength(1);
    // The synced row is the feed's (no history); the history is kept beside it.
    expect((await localDb.tickets.toArray())[0]?.history).toBeUndefined();
    cleanup();

    setOnline(false);
    const offline = mockApi();
    open(100230);
    expect(await screen.findByRole('heading', { name: 'Skoda Octavia 2019', level: 1 })).toBeTruthy();
    const items = (await historyCard()).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Ticket submitted'),
      expect.stringContaining('Status set to In Progress'),
    ]);
    expect(offline.calls()).toHaveLength(0);
  });

  it('does not show a kept history that is behind the synced row', async () => {
    const ticket = aTicket({
      ticketNumber: 100231,
      history: [{ kind: 'created', at: '2025-03-01T09:00:00Z', by: null, detail: {} }],
    });
    serve(ticket);
    open(100231);
    await waitFor(async () => expect(await localDb.ticketDetails.count()).toBe(1));
    await waitFor(async () => expect(await localDb.tickets.count()).toBe(1));
    cleanup();

    // The feed then brings a newer row (an admin changed the status) while this device was away.
    const { history: _h, ...row } = ticket;
    await localDb.tickets.put({ ...row, status: 'Completed', updatedAt: '2030-01-01T00:00:00.000Z' });
    setOnline(false);
    mockApi();
    open(100231);
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(history.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('offline and not on this device: says it opens once back online', async () => {
    setOnline(false);
    mockApi();
    open(100205);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeTruthy();
  });

  it("a ticket that is not the user's, or not a number, is 'Ticket not found'", async () => {
    serve(aTicket({ ticketNumber: 100206 }));
    open(100299);
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Files' }).getAttribute('href')).toBe('/my-files');
  });

  it('a ticket number that is not one asks nothing', async () => {
    const api = mockApi();
    open('abc');
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeTruthy();
    expect(api.calls('GET', '/ecuFile/getTicketDetails/:n')).toHaveLength(0);
  });

  it("a failed load says why and offers 'Try again'", async () => {
    const ticket = aTicket({ ticketNumber: 100207, make: 'Seat' });
    const api = mockApi().on('GET', '/ecuFile/getTicketDetails/:n', fail(500, 'Database unavailable'));
    const user = open(100207);
    expect(await findToast('Database unavailable')).toBeTruthy();
    api.on('GET', '/ecuFile/getTicketDetails/:n', ok(ticket));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /^Seat/, level: 1 })).toBeTruthy();
  });

  it('Unlocked without a tuned file: a disabled "File not available"', async () => {
    serve(aTicket({ ticketNumber: 100208, status: 'Unlocked', ecuTunedFile: null }));
    open(100208);
    const button = await screen.findByRole('button', { name: 'File not available' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(banner()).toBe('Click below to download your tuned file.');
  });

  it("says 'Delivered automatically' with the time it took, and the word on the checksum", async () => {
    const delivered = (n: number, detail: Record<string, unknown>) =>
      aTicket({
        ticketNumber: n,
        status: 'Unlocked',
        ecuTunedFile: aFile('tuned.bin'),
        history: [
          { kind: 'created', at: '2025-03-01T09:00:00Z', by: 'Ann Lee', detail: {} },
          { kind: 'auto_delivered', at: '2025-03-01T09:00:42Z', by: null, detail },
        ],
      });
    const note = 'Your flashing tool must correct the checksum when it writes this file.';
    serve(
      delivered(100215, {
        message: 'Delivered automatically from solution #4',
        tookSeconds: 42,
        checksumNote: note,
      }),
    );
    open(100215);
    const auto = await screen.findByTestId('auto-delivered');
    expect(auto.textContent).toBe(`Delivered automatically in 42 s after your upload.${note}`);
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(history.getByText('Delivered automatically from solution #4')).toBeTruthy();
    cleanup();

    // An engineer's delivery says nothing of the kind.
    serve(aTicket({ ticketNumber: 100216, status: 'Unlocked', ecuTunedFile: aFile('tuned.bin') }));
    open(100216);
    await screen.findByRole('button', { name: 'Download' });
    expect(screen.queryByTestId('auto-delivered')).toBeNull();
  });

  it('Download asks the server first; eligible starts the download and the balance is asked again', async () => {
    const ticket = aTicket({
      ticketNumber: 100209,
      status: 'Unlocked',
      creditsNeed: 3,
      ecuTunedFile: aFile('tuned-100209.bin'),
    });
    const api = serve(ticket)
      .on(
        'POST',
        '/ecuFile/isEligibleToDownload',
        ok({ eligible: true, url: '/api/files/signed/abc', charged: true }),
      )
      .on('GET', '/auth/getMe', ok(aUser({ credits: 4 })));
    const user = open(100209);
    expect(
      await screen.findByText(
        'The first download takes 3.00 CRD from your balance; later downloads are free.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await findToast('Download started...')).toBeTruthy();
    expect(api.calls('POST', '/ecuFile/isEligibleToDownload')[0]?.body).toEqual({ ticketNumber: 100209 });
    await waitFor(() => expect(api.calls('GET', '/auth/getMe')).toHaveLength(1));
  });

  it("not eligible: the server's word on the missing credits", async () => {
    serve(aTicket({ ticketNumber: 100210, status: 'Unlocked', ecuTunedFile: aFile('tuned.bin') })).on(
      'POST',
      '/ecuFile/isEligibleToDownload',
      ok({ eligible: false, message: 'You need 2 more credits to download this file' }),
    );
    const user = open(100210);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await findToast('You need 2 more credits to download this file')).toBeTruthy();
  });

  it("a failed check: 'Failed to check download eligibility'", async () => {
    serve(aTicket({ ticketNumber: 100211, status: 'Unlocked', ecuTunedFile: aFile('tuned.bin') })).on(
      'POST',
      '/ecuFile/isEligibleToDownload',
      { status: 503, body: null },
    );
    const user = open(100211);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await findToast('Failed to check download eligibility')).toBeTruthy();
  });

  it('shows the revision chain as links', async () => {
    serve(
      aTicket({
        ticketNumber: 100212,
        revisionOf: { ticketNumber: 100123 },
        revisions: [
          { ticketNumber: 100230, status: 'Pending', createdAt: daysAgo(1) },
          { ticketNumber: 100231, status: 'Unlocked', createdAt: daysAgo(0) },
        ],
      }),
    );
    open(100212);
    const chain = await screen.findByRole('navigation', { name: 'Revisions' });
    expect(chain.textContent).toBe('Revision of #100123Revisions: #100230 (Pending), #100231 (Unlocked)');
    expect(within(chain).getByRole('link', { name: '#100123' }).getAttribute('href')).toBe(
      '/ticket-details/100123',
    );
    expect(within(chain).getByRole('link', { name: '#100231 (Unlocked)' }).getAttribute('href')).toBe(
      '/ticket-details/100231',
    );
  });

  it('offers no change request before the file is delivered', async () => {
    serve(aTicket({ ticketNumber: 100213, status: 'Completed', ecuTunedFile: null }));
    open(100213);
    await screen.findByTestId('status-banner');
    expect(screen.queryByRole('button', { name: 'Request a change' })).toBeNull();
  });
});

describe('Request a change', () => {
  const delivered = (over: Partial<TicketDto> = {}) =>
    aTicket({
      ticketNumber: 100301,
      make: 'Volkswagen',
      stage: 'Stage 1',
      options: ['DPF-FAP OFF'],
      masterSlave: 'Master',
      status: 'Unlocked',
      ecuTunedFile: aFile('tuned-100301.bin'),
      createdAt: daysAgo(3),
      chainStartedAt: daysAgo(3),
      ...over,
    });

  async function openForm(ticket: TicketDto, feed?: FakeFeed) {
    const api = serve(ticket, feed);
    const user = open(ticket.ticketNumber);
    await user.click(await screen.findByRole('button', { name: 'Request a change' }));
    const form = screen.getByRole('form', { name: 'Request a change' });
    return { api, user, form };
  }

  it("starts from the delivered plan and prices the change with the server's rule", async () => {
    const { form } = await openForm(delivered());
    expect((within(form).getByRole('radio', { name: 'Stage 1' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('radio', { name: 'Master' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'DPF-FAP OFF' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByTestId('change-quote-total').textContent).toBe('1 CRD');
    expect(screen.queryByText(/a rework costs 1 extra credit/)).toBeNull();
  });

  it('a ticket whose chain started more than 21 days ago costs 1 extra credit', async () => {
    await openForm(delivered({ createdAt: daysAgo(2), chainStartedAt: daysAgo(30) }));
    expect(
      screen.getByText('This ticket was created more than 21 days ago: a rework costs 1 extra credit.'),
    ).toBeTruthy();
    const quote = screen.getByRole('table', { name: 'Price of the change' });
    expect(within(quote).getByText('Rework after 21 days')).toBeTruthy();
    expect(screen.getByTestId('change-quote-total').textContent).toBe('2 CRD');
  });

  it('a stage without options turns the options off and clears them', async () => {
    const { user, form } = await openForm(delivered());
    await user.click(within(form).getByRole('radio', { name: 'Gear Box' }));
    const options = within(form).getByRole('group', { name: 'Options' }) as HTMLFieldSetElement;
    expect(options.disabled).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'DPF-FAP OFF' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it("needs an option for a stage that takes them: 'Please select any option'", async () => {
    const { api, user, form } = await openForm(delivered());
    await user.click(within(form).getByRole('checkbox', { name: 'DPF-FAP OFF' }));
    await user.click(within(form).getByRole('button', { name: 'Submit change request' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please select any option');
    expect(api.calls('POST', '/ecuFile/request-change')).toHaveLength(0);
  });

  it('sends the new plan once and opens the new ticket', async () => {
    const revision = aTicket({ ticketNumber: 100302, revisionOf: { ticketNumber: 100301 } });
    const feed = fakeFeed();
    const { api, user, form } = await openForm(delivered(), feed);
    api
      .on('POST', '/ecuFile/request-change', () => {
        // The server creates the revision: from then on the feed carries it.
        feed.put(ticketRow(revision));
        return ok(revision);
      })
      .on('GET', '/ecuFile/getTicketDetails/100302', ok(revision));
    await user.click(within(form).getByRole('radio', { name: 'Stage 2' }));
    await user.click(within(form).getByRole('checkbox', { name: 'EGR OFF' }));
    await user.click(within(form).getByRole('radio', { name: 'Slave' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'Notes (what should change)' }),
      '  More torque  ',
    );
    await user.click(within(form).getByRole('button', { name: 'Submit change request' }));

    // The same page, now on the new ticket: it names the ticket it revises.
    const chain = await screen.findByRole('navigation', { name: 'Revisions' });
    expect(chain.textContent).toBe('Revision of #100301');
    expect(await findToast('Change requested: ticket #100302')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls('GET', '/ecuFile/getTicketDetails/:n').map((c) => c.path)).toContain(
        '/ecuFile/getTicketDetails/100302',
      ),
    );
    const body = api.calls('POST', '/ecuFile/request-change')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      parentTicketNumber: 100301,
      stage: 'Stage 2',
      masterSlave: 'Slave',
      notes: 'More torque',
    });
    expect(body.options).toEqual(expect.arrayContaining(['DPF-FAP OFF', 'EGR OFF']));
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await localDb.tickets.where('ticketNumber').equals(100302).count()).toBe(1);
  }, 15_000);

  it("shows the server's refusal in the form and lets the tuner try again", async () => {
    const { api, user, form } = await openForm(delivered());
    api.on('POST', '/ecuFile/request-change', fail(409, 'A change is already being made on this ticket'));
    await user.click(within(form).getByRole('button', { name: 'Submit change request' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'A change is already being made on this ticket',
      ),
    );
    expect(
      (within(form).getByRole('button', { name: 'Submit change request' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('Cancel closes the form', async () => {
    const { user, form } = await openForm(delivered());
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Request a change' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request a change' })).toBeTruthy();
  });
});

describe('Rate this file', () => {
  it('a delivered ticket opened from a mail link (?rate=4) has 4 stars chosen; nothing is sent until Send', async () => {
    const api = serve(
      aTicket({ ticketNumber: 100240, status: 'Unlocked', ecuTunedFile: aFile('tuned.bin'), rating: null }),
    );
    quietChatSocket();
    renderPage(<TicketDetailsPage />, {
      route: '/ticket-details/:ticketNumber',
      at: '/ticket-details/100240?rate=4',
    });
    const card = await screen.findByRole('region', { name: 'Rate this file' });
    expect((within(card).getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(api.calls('POST', '/ecuFile/rate')).toEqual([]);
  });

  it('offers no rating before the file is delivered', async () => {
    serve(aTicket({ ticketNumber: 100241, status: 'Completed', ecuTunedFile: null }));
    open(100241);
    await screen.findByTestId('status-banner');
    expect(screen.queryByRole('region', { name: 'Rate this file' })).toBeNull();
  });
});
