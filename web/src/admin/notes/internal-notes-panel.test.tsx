// @vitest-environment happy-dom
import type { InternalNoteDto, TicketNotesDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { ticketDto } from '../../test/admin-fixtures';
import { type ApiMock, mockApi, ok, setOnline } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen, waitFor, within } from '../../test/rtl';
import AdminTicketPage from '../ticket-page';

const note = (id: string, text: string): InternalNoteDto => ({
  id,
  text,
  author: 'Eve Engineer',
  createdAt: '2026-12-01T10:00:00.000Z',
});

function openTicket(api: ApiMock, notes: TicketNotesDto) {
  const ticket = ticketDto({ ticketNumber: notes.ticketNumber, status: 'In Progress' });
  api.on('GET', '/admin/getTicketDetails/:n', ok(ticket, { message: 'Ticket details' }));
  api.on('GET', '/admin/solutions/matches/:n', ok(null));
  api.on('GET', '/admin/tickets/notes', ok(notes));
  return renderWithProviders(<AdminTicketPage />, {
    route: `/ticket/${notes.ticketNumber}`,
    path: '/ticket/:ticketNumber',
  });
}

const panel = () => screen.findByRole('region', { name: 'Internal notes' });

describe("the ticket page's internal notes", () => {
  it("shows the ticket's notes and its software's, marked Internal, beside the chat", async () => {
    const api = mockApi();
    openTicket(api, {
      ticketNumber: 100800,
      softwareNumber: '1037541778',
      ticketNotes: [note('a', 'Customer also has a stage 2 TCU')],
      softwareNotes: [note('b', 'Leave the immo bytes at 0x1C000 alone')],
    });
    const region = await panel();
    expect(within(region).getByText('Internal')).toBeTruthy();
    expect(within(region).getByText('Staff only: the customer never sees these.')).toBeTruthy();
    expect(await within(region).findByText('Customer also has a stage 2 TCU')).toBeTruthy();
    const sw = within(region).getByRole('list', { name: 'On software 1037541778' });
    expect(within(sw).getByText('Leave the immo bytes at 0x1C000 alone')).toBeTruthy();
    expect(api.calls('GET', '/admin/tickets/notes')[0]?.query.get('ticketNumber')).toBe('100800');
  });

  it('adds a note to the ticket with the keyboard alone, and one to the software by choice', async () => {
    const api = mockApi();
    api.on('POST', '/admin/tickets/notes', ({ body }) =>
      ok({ ticketNumber: 100801, softwareNumber: '1037541778', ticketNotes: [], softwareNotes: [], body }),
    );
    api.on('POST', '/admin/software-notes', ok(note('c', 'x')));
    const view = openTicket(api, {
      ticketNumber: 100801,
      softwareNumber: '1037541778',
      ticketNotes: [],
      softwareNotes: [],
    });
    const region = await panel();
    expect(await within(region).findByText('No notes on this ticket yet.')).toBeTruthy();
    const box = within(region).getByRole('textbox', { name: 'New internal note' });
    const add = within(region).getByRole('button', { name: 'Add note' });
    expect(add).toHaveProperty('disabled', true);

    await view.user.click(box);
    await view.user.keyboard('Checked the DPF map{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(api.calls('POST', '/admin/tickets/notes')[0]?.body).toEqual({
        ticketNumber: 100801,
        text: 'Checked the DPF map',
      }),
    );
    await waitFor(() => expect(box).toHaveProperty('value', ''));

    await view.user.click(within(region).getByRole('radio', { name: /Software 1037541778/ }));
    await view.user.type(box, 'Immo at 0x1C000');
    await view.user.click(add);
    await waitFor(() =>
      expect(api.calls('POST', '/admin/software-notes')[0]?.body).toEqual({
        softwareNumber: '1037541778',
        text: 'Immo at 0x1C000',
      }),
    );
  });

  it('offers no software choice for a read without a software number, and waits for a connection', async () => {
    const api = mockApi();
    const view = openTicket(api, {
      ticketNumber: 100802,
      softwareNumber: null,
      ticketNotes: [],
      softwareNotes: [],
    });
    const region = await panel();
    await within(region).findByText('No notes on this ticket yet.');
    expect(within(region).queryByRole('radio')).toBeNull();
    await view.user.type(within(region).getByRole('textbox', { name: 'New internal note' }), 'Later');
    setOnline(false);
    try {
      await waitFor(() =>
        expect(within(region).getByRole('button', { name: 'Add note' })).toHaveProperty('disabled', true),
      );
      expect(within(region).getByText(/connection/i)).toBeTruthy();
    } finally {
      setOnline(true);
    }
  });
});
