// @vitest-environment happy-dom
import type { TicketDto, TicketSolutionMatchDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { ticketDto } from '../../test/admin-fixtures';
import { type ApiMock, fail, mockApi, ok, setOnline } from '../../test/api-mock';
import { findToast, renderWithProviders } from '../../test/render';
import { screen, waitFor, within } from '../../test/rtl';
import AdminTicketPage from '../ticket-page';
import { solutionKeys } from './solutions-api';

const tunedFile = {
  id: 't1',
  name: 'tuned.bin',
  size: 2_097_152,
  sha256: 'b'.repeat(64),
  url: '/api/files/t1',
};

function openTicket(api: ApiMock, ticket: TicketDto, match: TicketSolutionMatchDto | null) {
  api.on('GET', '/admin/getTicketDetails/:n', ok(ticket, { message: 'Ticket details' }));
  api.on('GET', '/admin/solutions/matches/:n', ({ params }) =>
    Number(params.n) === ticket.ticketNumber ? ok(match, { message: 'Matched solutions' }) : fail(404, 'No'),
  );
  return renderWithProviders(<AdminTicketPage />, {
    route: `/ticket/${ticket.ticketNumber}`,
    path: '/ticket/:ticketNumber',
  });
}

function matchDto(over: Partial<TicketSolutionMatchDto> = {}): TicketSolutionMatchDto {
  return {
    ticketNumber: 100700,
    outcome: 'partial',
    skipped: null,
    softwareNumber: '1037541778',
    covered: ['Stage 1'],
    remaining: ['EGR OFF'],
    candidates: [
      { solutionId: 4, items: ['Stage 1'], result: 'matched', reason: null, used: true },
      {
        solutionId: 9,
        items: ['EGR OFF'],
        result: 'almost',
        reason: 'range at 0x1C4A20 differs',
        used: false,
      },
    ],
    checkedAt: '2026-12-01T10:00:00.000Z',
    ...over,
  };
}

const card = (name: string) => screen.findByRole('region', { name });

describe("the ticket page's solution cards", () => {
  it('shows a partly covered ticket: what is done, what remains, why a solution almost matched, the prepared file', async () => {
    const api = mockApi();
    openTicket(api, ticketDto({ ticketNumber: 100700, status: 'In Progress' }), matchDto());

    const matched = await card('Matched solutions');
    expect(matched.textContent).toContain(
      'Approved solutions cover some options; an engineer does the rest.',
    );
    const coverage = within(matched)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(coverage).toEqual(['Stage 1', 'EGR OFF']);
    const [first, second] = within(matched).getAllByRole('listitem');
    expect(first?.textContent).toBe('#4 Stage 1 Matched, used');
    expect(second?.textContent).toBe('#9 EGR OFF Almostrange at 0x1C4A20 differs');
    const download = within(matched).getByRole('link', { name: 'Download the prepared file' });
    expect(download.getAttribute('href')).toBe('/api/admin/solutions/matches/100700/prepared');
    // Not delivered: no way to add it to the library yet.
    expect(screen.queryByRole('button', { name: 'Add to solution library' })).toBeNull();
  });

  it('says why a covered ticket was not delivered, and offers no prepared file for a delivered one', async () => {
    const api = mockApi();
    const view = openTicket(
      api,
      ticketDto({ ticketNumber: 100701, status: 'Pending' }),
      matchDto({
        ticketNumber: 100701,
        outcome: 'skipped',
        skipped: 'The ticket has notes: a human must read them',
        covered: [],
        remaining: [],
        candidates: [],
      }),
    );
    const skipped = await card('Matched solutions');
    expect(skipped.textContent).toContain('Not matched automatically.');
    expect(skipped.textContent).toContain('Why: The ticket has notes: a human must read them');
    expect(within(skipped).queryByRole('link', { name: 'Download the prepared file' })).toBeNull();
    view.unmount();

    const delivered = matchDto({
      ticketNumber: 100702,
      outcome: 'delivered',
      covered: ['Stage 1', 'EGR OFF'],
      remaining: [],
    });
    openTicket(
      mockApi(),
      ticketDto({ ticketNumber: 100702, status: 'Unlocked', ecuTunedFile: tunedFile }),
      delivered,
    );
    const done = await card('Matched solutions');
    expect(done.textContent).toContain('Delivered automatically');
    expect(within(done).queryByRole('link', { name: 'Download the prepared file' })).toBeNull();
  });

  it('says when the check failed on every try', async () => {
    openTicket(
      mockApi(),
      ticketDto({ ticketNumber: 100704, status: 'Pending' }),
      matchDto({
        ticketNumber: 100704,
        outcome: 'failed',
        skipped: 'The check failed 6 times (the server log says why): an engineer must look at the ticket.',
        covered: [],
        candidates: [],
      }),
    );
    const failed = await card('Matched solutions');
    expect(failed.textContent).toContain('The check against the solution library failed.');
    expect(failed.textContent).toContain('Why: The check failed 6 times');
    expect(within(failed).queryByRole('link', { name: 'Download the prepared file' })).toBeNull();
  });

  it('shows no card before matching ran', async () => {
    const api = mockApi();
    const view = openTicket(api, ticketDto({ ticketNumber: 100703, status: 'Pending' }), null);
    await screen.findByRole('region', { name: 'File Status' });
    await waitFor(() =>
      expect(view.queryClient.getQueryState(solutionKeys.matches(100703))?.status).toBe('success'),
    );
    expect(api.calls('GET', '/admin/solutions/matches/100703')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Matched solutions' })).toBeNull();
  });

  it('adds a delivered ticket to the library, approved at once with the checksum flag', async () => {
    const api = mockApi();
    api.on('POST', '/admin/solutions', ({ body }) =>
      ok(
        { id: 12, state: (body as { approve: boolean }).approve ? 'approved' : 'draft' },
        { message: 'Solution #12 added to the library and approved' },
      ),
    );
    const view = openTicket(
      api,
      ticketDto({ ticketNumber: 100704, status: 'Completed', ecuTunedFile: tunedFile }),
      null,
    );

    const library = await card('Solution library');
    await view.user.click(
      within(library).getByRole('checkbox', { name: 'Approve at once for automatic delivery' }),
    );
    await view.user.click(
      within(library).getByRole('checkbox', { name: 'The changed ranges include the checksum' }),
    );
    await view.user.click(within(library).getByRole('button', { name: 'Add to solution library' }));

    expect(await findToast('Solution #12 added to the library and approved')).toBeTruthy();
    expect(api.calls('POST', '/admin/solutions')[0]?.body).toEqual({
      ticketNumber: 100704,
      approve: true,
      includesChecksum: true,
    });
    expect(within(library).getByRole('status').textContent).toContain(
      'Solution #12 is in the library, approved for automatic delivery.',
    );
  });

  it("shows the server's refusal and keeps the form; offline the button is off", async () => {
    const api = mockApi();
    api.on('POST', '/admin/solutions', fail(409, 'The tuned file changes nothing'));
    const view = openTicket(
      api,
      ticketDto({ ticketNumber: 100705, status: 'Unlocked', ecuTunedFile: tunedFile }),
      null,
    );
    const library = await card('Solution library');
    await view.user.click(within(library).getByRole('button', { name: 'Add to solution library' }));
    expect(await findToast('The tuned file changes nothing')).toBeTruthy();
    expect(api.calls('POST', '/admin/solutions')[0]?.body).toEqual({
      ticketNumber: 100705,
      approve: false,
      includesChecksum: false,
    });

    setOnline(false);
    expect(
      await within(library).findByText(/Changes are disabled until the connection is back/),
    ).toBeTruthy();
    expect(within(library).getByRole('button', { name: 'Add to solution library' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
