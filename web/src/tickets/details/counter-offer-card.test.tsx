// @vitest-environment happy-dom
import type { CounterOfferDto } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../test/api-mock';
import { cleanup, render, screen } from '../../test/rtl';
import { CounterOfferCard } from './counter-offer-card';

afterEach(cleanup);

const offer: CounterOfferDto = {
  stage: 'Stage 2',
  options: ['EGR OFF', 'DTC OFF'],
  message: 'Stage 2 suits your ECU better',
  priceDifference: -1,
  createdAt: '2026-12-03T10:00:00.000Z',
};

function show(online = true) {
  const onAnswered = vi.fn();
  render(
    <CounterOfferCard
      ticketNumber={100123}
      offer={offer}
      currentPrice={4}
      online={online}
      onAnswered={onAnswered}
    />,
  );
  return { user: userEvent.setup(), onAnswered };
}

describe('the proposed plan on the customer ticket page', () => {
  it('shows the plan, the difference in credits and the message; Accept sends the answer', async () => {
    const api = mockApi().on(
      'POST',
      '/ecuFile/counter-offer/accept',
      ok({}, { message: 'You accepted the new plan' }),
    );
    const { user, onAnswered } = show();
    const card = screen.getByRole('region', { name: 'A different plan is proposed' });
    expect(card.textContent).toContain('Stage 2');
    expect(card.textContent).toContain('−1 credit (3 credits in all)');
    expect(screen.getByRole('list', { name: 'Proposed solutions' }).textContent).toContain('DTC OFF');
    expect(card.textContent).toContain('Stage 2 suits your ECU better');

    await user.click(screen.getByRole('button', { name: 'Accept the proposed plan for ticket 100123' }));
    await vi.waitFor(() => expect(onAnswered).toHaveBeenCalled());
    expect(api.calls('POST', '/ecuFile/counter-offer/accept').map((c) => c.body)).toEqual([
      { ticketNumber: 100123 },
    ]);
  });

  it("Decline sends the answer; the server's refusal is shown", async () => {
    mockApi().on(
      'POST',
      '/ecuFile/counter-offer/decline',
      fail(409, 'There is no offer waiting for your answer'),
    );
    const { user, onAnswered } = show();
    await user.click(screen.getByRole('button', { name: 'Decline the proposed plan for ticket 100123' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is no offer waiting for your answer');
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it('waits for the connection offline', () => {
    mockApi();
    show(false);
    expect((screen.getByRole('button', { name: /^Accept/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /^Decline/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
