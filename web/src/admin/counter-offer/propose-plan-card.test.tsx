// @vitest-environment happy-dom
import type { CounterOfferDto } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ticketDto } from '../../test/admin-fixtures';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen, within } from '../../test/rtl';
import { ProposePlanCard } from './propose-plan-card';

const offer: CounterOfferDto = {
  stage: 'Stage 2',
  options: ['EGR OFF', 'DTC OFF'],
  message: 'Stage 2 suits it',
  priceDifference: 1,
  createdAt: '2026-12-03T10:00:00.000Z',
};

describe("the desk's 'Propose a different plan'", () => {
  it('shows the price difference as the plan changes and sends stage, options and message', async () => {
    const api = mockApi().on('POST', '/admin/tickets/counter-offer', ok(offer, { message: 'Sent' }));
    const onProposed = vi.fn();
    // Volkswagen Stage 1 with EGR OFF (free with the stage): 1 credit of base.
    const ticket = ticketDto({ status: 'In Progress', creditsNeed: 1 });
    renderWithProviders(<ProposePlanCard ticket={ticket} online onProposed={onProposed} />);
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Propose a different plan' });
    expect(within(card).getByText('No change in price')).toBeTruthy();

    await user.selectOptions(within(card).getByLabelText('Stage'), 'Stage 2');
    await user.click(within(card).getByRole('checkbox', { name: 'DTC OFF' }));
    expect(within(card).getByText('+1 credit')).toBeTruthy();
    await user.type(within(card).getByLabelText('Message to the customer'), 'Stage 2 suits it');
    await user.click(within(card).getByRole('button', { name: 'Send to the customer' }));

    await vi.waitFor(() => expect(onProposed).toHaveBeenCalled());
    expect(api.calls('POST', '/admin/tickets/counter-offer').map((c) => c.body)).toEqual([
      {
        ticketNumber: ticket.ticketNumber,
        stage: 'Stage 2',
        options: ['EGR OFF', 'DTC OFF'],
        message: 'Stage 2 suits it',
      },
    ]);
  });

  it('asks for a message first and sends nothing', async () => {
    const api = mockApi();
    renderWithProviders(
      <ProposePlanCard ticket={ticketDto({ status: 'Pending' })} online onProposed={() => {}} />,
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Stage'), 'Eco');
    await user.click(screen.getByRole('button', { name: 'Send to the customer' }));
    expect(screen.getByRole('alert').textContent).toBe('Write a message to the customer');
    expect(api.calls('POST', '/admin/tickets/counter-offer')).toEqual([]);
  });

  it('shows the open offer as Awaiting customer, and nothing on a closed ticket', () => {
    mockApi();
    const { unmount } = renderWithProviders(
      <ProposePlanCard ticket={ticketDto({ counterOffer: offer })} online onProposed={() => {}} />,
    );
    const card = screen.getByRole('region', { name: 'Awaiting customer' });
    expect(within(card).getByText('Proposed Stage 2: EGR OFF, DTC OFF (+1 credit).')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    unmount();
    renderWithProviders(
      <ProposePlanCard ticket={ticketDto({ status: 'Completed' })} online onProposed={() => {}} />,
    );
    expect(screen.queryByRole('region', { name: /plan|Awaiting/ })).toBeNull();
  });
});
