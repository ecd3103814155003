// @vitest-environment happy-dom
import type { TicketDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { signInAs, ticketDto, userDto } from '../test/admin-fixtures';
import { type ApiMock, deferred, fail, mockApi, ok } from '../test/api-mock';
import { createTestQueryClient, findToast, renderWithProviders } from '../test/render';
import { screen, waitFor, within } from '../test/rtl';
import { adminKeys } from './queries';
import AdminTicketPage from './ticket-page';

/** The ticket's page, its details answered from `ticket` (a function: the server's current copy). */
function openTicket(api: ApiMock, ticket: TicketDto | (() => TicketDto)) {
  const read = typeof ticket === 'function' ? ticket : () => ticket;
  api.on('GET', '/admin/getTicketDetails/:n', ({ params }) =>
    Number(params.n) === read().ticketNumber
      ? ok(read(), { message: 'Ticket details' })
      : fail(404, 'Ticket not found'),
  );
  return renderWithProviders(<AdminTicketPage />, {
    route: `/ticket/${read().ticketNumber}`,
    path: '/ticket/:ticketNumber',
    routes: { '/files': <p>ECU Files desk</p> },
  });
}

const statusSelect = () =>
  within(screen.getByRole('region', { name: 'File Status' })).getByRole('combobox', { name: 'Status' });

describe("an admin's ticket page", () => {
  it('shows the vehicle, the customer and the file status', async () => {
    const api = mockApi();
    openTicket(api, ticketDto({ ticketNumber: 100500, status: 'In Progress', creditsNeed: 4 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Volkswagen Golf 2019' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'tom@garage.com' }).getAttribute('href')).toBe(
      'mailto:tom@garage.com',
    );
    expect(statusSelect()).toHaveProperty('value', 'In Progress');
    expect(screen.getByText('Setting Failed refunds the 4.00 CRD the customer paid.')).toBeTruthy();
    expect(screen.getByText('No tuned file uploaded yet.')).toBeTruthy();
  });

  it('goes to the ECU files desk for a path that is not a ticket number', async () => {
    mockApi();
    const view = renderWithProviders(<AdminTicketPage />, {
      route: '/ticket/abc',
      path: '/ticket/:ticketNumber',
      routes: { '/files': <p>ECU Files desk</p> },
    });
    expect(await screen.findByText('ECU Files desk')).toBeTruthy();
    expect(view.location()).toBe('/files');
  });

  it("shows the list's row at once while its details load", async () => {
    const api = mockApi();
    const row = ticketDto({ ticketNumber: 100501, make: 'Ford', model: 'Focus', year: '2020' });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(adminKeys.ecuFiles('', ''), { pages: [{ data: [row] }], pageParams: [null] });
    const reply = deferred();
    api.on('GET', '/admin/getTicketDetails/:n', () => reply.promise);
    renderWithProviders(<AdminTicketPage />, {
      route: '/ticket/100501',
      path: '/ticket/:ticketNumber',
      queryClient,
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Ford Focus 2020' })).toBeTruthy();
    reply.resolve(ok({ ...row, model: 'Focus ST' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ford Focus ST 2020' })).toBeTruthy();
  });

  it("shows the server's message when the ticket cannot load, with a way back", async () => {
    const api = mockApi();
    api.on('GET', '/admin/getTicketDetails/:n', fail(404, 'Ticket not found'));
    const view = renderWithProviders(<AdminTicketPage />, {
      route: '/ticket/100999',
      path: '/ticket/:ticketNumber',
      routes: { '/files': <p>ECU Files desk</p> },
    });

    expect(await findToast('Ticket not found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ticket #100999' })).toBeTruthy();
    await view.user.click(screen.getByRole('link', { name: 'Back to ECU Files' }));
    expect(await screen.findByText('ECU Files desk')).toBeTruthy();
  });
});

describe("a ticket's status", () => {
  it('applies a new status at once and refreshes the ticket', async () => {
    const api = mockApi();
    const ticket = ticketDto({ ticketNumber: 100510 });
    api.on(
      'PUT',
      '/admin/updateEcuFileStatus',
      ok({ changed: true, refunded: false }, { message: 'Status updated to Completed' }),
    );
    const view = openTicket(api, ticket);
    await screen.findByRole('heading', { level: 1 });

    await view.user.selectOptions(statusSelect(), 'Completed');
    expect(await findToast('Status updated to Completed')).toBeTruthy();
    expect(api.calls('PUT', '/admin/updateEcuFileStatus')[0]?.body).toEqual({
      fileId: ticket._id,
      status: 'Completed',
    });
    // The page asks for the ticket again after the change.
    await waitFor(() => expect(api.calls('GET', '/admin/getTicketDetails/:n').length).toBeGreaterThan(1));
  });

  it('asks before a Failed that refunds; Cancel puts the old status back', async () => {
    const api = mockApi();
    const ticket = ticketDto({ ticketNumber: 100511, status: 'In Progress', creditsNeed: 1 });
    const view = openTicket(api, ticket);
    await screen.findByRole('heading', { level: 1 });

    await view.user.selectOptions(statusSelect(), 'Failed');
    const dialog = screen.getByRole('dialog', { name: 'Set ticket 100511 to Failed?' });
    expect(dialog.textContent).toContain('The 1 credit charged will be refunded to tom@garage.com.');
    expect(statusSelect()).toHaveProperty('disabled', true);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusSelect()).toHaveProperty('value', 'In Progress');
    expect(api.calls('PUT', '/admin/updateEcuFileStatus')).toHaveLength(0);
  });

  it('refunds after the dialog is confirmed, and says so', async () => {
    const api = mockApi();
    const ticket = ticketDto({ ticketNumber: 100512, creditsNeed: 3 });
    api.on(
      'PUT',
      '/admin/updateEcuFileStatus',
      ok({ changed: true, refunded: true }, { message: 'Status updated to Failed' }),
    );
    const view = openTicket(api, ticket);
    await screen.findByRole('heading', { level: 1 });

    await view.user.selectOptions(statusSelect(), 'Failed');
    await view.user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Set to Failed and refund' }),
    );
    expect(await findToast('Status updated to Failed')).toBeTruthy();
    expect(await findToast('3 credits refunded to tom@garage.com')).toBeTruthy();
    expect(api.calls('PUT', '/admin/updateEcuFileStatus')[0]?.body).toEqual({
      fileId: ticket._id,
      status: 'Failed',
    });
  });

  it('sets Failed without asking when nothing was charged', async () => {
    const api = mockApi();
    api.on(
      'PUT',
      '/admin/updateEcuFileStatus',
      ok({ changed: true, refunded: false }, { message: 'Status updated to Failed' }),
    );
    const view = openTicket(api, ticketDto({ ticketNumber: 100513, charged: false }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/Setting Failed refunds/)).toBeNull();

    await view.user.selectOptions(statusSelect(), 'Failed');
    expect(await findToast('Status updated to Failed')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("puts the status back and shows the server's refusal", async () => {
    const api = mockApi();
    api.on('PUT', '/admin/updateEcuFileStatus', fail(400, 'Unlock needs a tuned file'));
    const view = openTicket(api, ticketDto({ ticketNumber: 100514, status: 'Completed' }));
    await screen.findByRole('heading', { level: 1 });

    await view.user.selectOptions(statusSelect(), 'Unlocked');
    expect(await findToast('Unlock needs a tuned file')).toBeTruthy();
    expect(statusSelect()).toHaveProperty('value', 'Completed');
  });

  it('warns when a ticket is unlocked without a tuned file', async () => {
    const api = mockApi();
    openTicket(api, ticketDto({ ticketNumber: 100515, status: 'Unlocked' }));
    expect(
      await screen.findByText("Unlocked without a tuned file: the customer sees 'File not available'."),
    ).toBeTruthy();
  });
});

describe('a known original', () => {
  const known = {
    ticketNumber: 100400,
    stage: 'Stage 1',
    options: ['EGR OFF'],
    status: 'Unlocked',
    tunedFile: { id: 'tf', name: 'tuned.bin', size: 1024, sha256: 'b'.repeat(64), url: '/api/files/tf' },
  };

  it('delivers the earlier tuned file only after the plans are checked', async () => {
    const api = mockApi();
    let ticket = ticketDto({ ticketNumber: 100520, knownOriginal: known });
    api.on('POST', '/admin/reuseTunedFile', () => {
      ticket = {
        ...ticket,
        ecuTunedFile: { ...known.tunedFile, id: 'copy' },
        history: [
          {
            kind: 'file_uploaded',
            at: '2025-02-08T08:00:00.000Z',
            by: 'Ada Admin (admin)',
            detail: { reusedFrom: 100400 },
          },
        ],
      };
      return ok(ticket, { message: 'Tuned file of #100400 delivered' });
    });
    const view = openTicket(api, () => ticket);

    const card = await screen.findByRole('region', { name: 'Known file' });
    expect(card.textContent).toContain('Same original as #100400, delivered with Stage 1 + EGR OFF.');
    expect(card.textContent).toContain('This ticket asks for Stage 1 + EGR OFF: the same plan.');
    const reuse = within(card).getByRole('button', { name: 'Reuse the tuned file of #100400' });
    expect(reuse).toHaveProperty('disabled', true);

    await view.user.click(
      within(card).getByRole('checkbox', { name: "I checked that this ticket's plan matches #100400" }),
    );
    await view.user.click(reuse);
    expect(await findToast('Tuned file of #100400 delivered')).toBeTruthy();
    expect(api.calls('POST', '/admin/reuseTunedFile')[0]?.body).toEqual({
      ticketNumber: 100520,
      fromTicketNumber: 100400,
    });
    expect(
      await within(card).findByText('The tuned file of #100400 was delivered on this ticket.'),
    ).toBeTruthy();
    expect(screen.queryByText('No tuned file uploaded yet.')).toBeNull();
  });

  it('points out a different plan, and shows a refused reuse', async () => {
    const api = mockApi();
    api.on('POST', '/admin/reuseTunedFile', fail(409, 'The earlier tuned file is no longer available'));
    const view = openTicket(
      api,
      ticketDto({ ticketNumber: 100521, stage: 'Stage 2', options: [], knownOriginal: known }),
    );

    const card = await screen.findByRole('region', { name: 'Known file' });
    expect(card.textContent).toContain(
      'This ticket asks for Stage 2: check the difference before you reuse the file.',
    );
    await view.user.click(within(card).getByRole('checkbox'));
    await view.user.click(within(card).getByRole('button', { name: 'Reuse the tuned file of #100400' }));
    expect(await findToast('The earlier tuned file is no longer available')).toBeTruthy();
    expect(within(card).getByRole('checkbox')).toHaveProperty('checked', true);
  });
});

describe("a ticket's assignee", () => {
  it('an engineer takes an unassigned ticket with Take, and lets it go again', async () => {
    await signInAs(userDto({ _id: 'eng-me', role: 'engineer', firstName: 'Eve', lastName: 'Engineer' }));
    const api = mockApi();
    let current = ticketDto({ ticketNumber: 100700, assignee: null });
    api.on('POST', '/admin/tickets/assign', ({ body }) => {
      const { userId } = body as { userId: string | null };
      current = { ...current, assignee: userId ? { _id: userId, name: 'Eve Engineer' } : null };
      return ok(current, { message: userId ? 'Ticket assigned' : 'Ticket unassigned' });
    });
    const view = openTicket(api, () => current);
    const card = await screen.findByRole('region', { name: 'Assignee' });
    expect(within(card).getByText('Unassigned')).toBeTruthy();
    // Engineers have no picker: only admins assign others.
    expect(within(card).queryByRole('combobox', { name: 'Assign to' })).toBeNull();

    await view.user.click(within(card).getByRole('button', { name: 'Take ticket 100700' }));
    expect(await findToast('Ticket assigned')).toBeTruthy();
    expect(api.calls('POST', '/admin/tickets/assign')[0]?.body).toEqual({
      ticketNumber: 100700,
      userId: 'eng-me',
    });
    expect(await within(card).findByText('Eve Engineer (you)')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Take ticket 100700' })).toBeNull();

    await view.user.click(within(card).getByRole('button', { name: 'Let go of ticket 100700' }));
    expect(await findToast('Ticket unassigned')).toBeTruthy();
    expect(api.calls('POST', '/admin/tickets/assign')[1]?.body).toEqual({
      ticketNumber: 100700,
      userId: null,
    });
  });

  it('an admin picks anyone from the staff list', async () => {
    await signInAs(userDto({ _id: 'adm', role: 'admin', firstName: 'Sam', lastName: 'Admin' }));
    const api = mockApi();
    let current = ticketDto({ ticketNumber: 100701, assignee: { _id: 'eng-bo', name: 'Bo Smith' } });
    api.on(
      'GET',
      '/admin/tickets/assignees',
      ok({
        assignees: [
          { id: 'eng-bo', name: 'Bo Smith', role: 'engineer', openTickets: 2 },
          { id: 'eng-eve', name: 'Eve Engineer', role: 'engineer', openTickets: 0 },
        ],
        openTicketLimit: 5,
      }),
    );
    api.on('POST', '/admin/tickets/assign', ({ body }) => {
      const { userId } = body as { userId: string };
      current = { ...current, assignee: { _id: userId, name: 'Eve Engineer' } };
      return ok(current, { message: 'Ticket assigned' });
    });
    const view = openTicket(api, () => current);
    const card = await screen.findByRole('region', { name: 'Assignee' });
    expect(within(card).getByText('Bo Smith')).toBeTruthy();
    const picker = within(card).getByRole('combobox', { name: 'Assign to' });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    await view.user.selectOptions(picker, 'eng-eve');
    await view.user.click(within(card).getByRole('button', { name: 'Assign' }));
    expect(await findToast('Ticket assigned')).toBeTruthy();
    expect(api.calls('POST', '/admin/tickets/assign')[0]?.body).toEqual({
      ticketNumber: 100701,
      userId: 'eng-eve',
    });
    expect(await within(card).findByText('Eve Engineer')).toBeTruthy();
  });
});

describe("a ticket's fault codes", () => {
  it('staff tick a code off in the checklist, labelled by code and description', async () => {
    await signInAs(userDto({ _id: 'eng-me', role: 'engineer', firstName: 'Eve', lastName: 'Engineer' }));
    const api = mockApi();
    let current = ticketDto({
      ticketNumber: 100710,
      options: ['DTC OFF'],
      dtcCodes: [
        { code: 'P0420', removed: false },
        { code: 'P2002', removed: false },
      ],
    });
    api.on('POST', '/admin/tickets/dtc-codes', ({ body }) => {
      const { code, removed } = body as { code: string; removed: boolean };
      current = {
        ...current,
        dtcCodes: current.dtcCodes.map((c) => (c.code === code ? { ...c, removed } : c)),
      };
      return ok(current, { message: `${code} ticked off as removed` });
    });
    const view = openTicket(api, () => current);
    const card = await screen.findByRole('region', { name: 'Fault codes' });
    expect(within(card).getByText('0 of 2 removed')).toBeTruthy();
    const box = within(card).getByRole('checkbox', {
      name: 'P0420 Catalyst system efficiency below threshold (bank 1)',
    });
    await view.user.click(box);
    expect(api.calls('POST', '/admin/tickets/dtc-codes')[0]?.body).toEqual({
      ticketNumber: 100710,
      code: 'P0420',
      removed: true,
    });
    expect(await within(card).findByText('1 of 2 removed')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it('shows no checklist for a ticket without codes', async () => {
    const api = mockApi();
    openTicket(api, ticketDto({ ticketNumber: 100711 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Volkswagen Golf 2019' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Fault codes' })).toBeNull();
  });
});
