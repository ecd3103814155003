// @vitest-environment happy-dom
import type { TicketRatingDto } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api-mock';
import { cleanup, render, screen } from '../../test/rtl';
import { RateFileCard } from './rate-file';

afterEach(cleanup);

const rated = (stars: number, comment: string | null = null, days = 30): TicketRatingDto => ({
  stars,
  comment,
  ratedAt: new Date().toISOString(),
  changeableUntil: new Date(Date.now() + days * 86_400_000).toISOString(),
});

function show(props: Partial<Parameters<typeof RateFileCard>[0]> = {}) {
  render(<RateFileCard ticketNumber={100123} rating={null} asked={null} online {...props} />);
  return userEvent.setup();
}

describe('Rate this file', () => {
  it('offers five named stars in one radio group and sends the choice with the comment', async () => {
    const api = mockApi().on('POST', '/ecuFile/rate', (req) =>
      ok(rated((req.body as { stars: number }).stars, 'Smooth'), { message: 'Thank you for your rating' }),
    );
    const user = show();
    const group = screen.getByRole('group', { name: 'How good is the tuned file?' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(
      radios.map((r) => r.getAttribute('name')).every((n) => n === radios[0]?.getAttribute('name')),
    ).toBe(true);
    expect(
      ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'].map((n) =>
        screen.getByRole('radio', { name: n }),
      ),
    ).toHaveLength(5);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment (optional)'), '  Smooth ');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('You rated this file 4 stars.')).toBeTruthy();
    expect(screen.getByText('“Smooth”')).toBeTruthy();
    expect(api.calls('POST', '/ecuFile/rate').map((c) => c.body)).toEqual([
      { ticketNumber: 100123, stars: 4, comment: 'Smooth' },
    ]);
  });

  it('says to choose stars first, and sends nothing', async () => {
    const api = mockApi();
    const user = show();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose 1 to 5 stars');
    expect(api.calls('POST', '/ecuFile/rate')).toEqual([]);
  });

  it('preselects the stars a mail link asks for: one tap on Send confirms; opening it sends nothing', async () => {
    const api = mockApi().on('POST', '/ecuFile/rate', ok(rated(5), { message: 'Thank you for your rating' }));
    const user = show({ asked: 5 });
    expect((screen.getByRole('radio', { name: '5 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(api.calls()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You rated this file 5 stars.')).toBeTruthy();
    expect(api.calls('POST', '/ecuFile/rate')).toHaveLength(1);
  });

  it("shows the given rating, lets it be changed within the window, and shows the server's refusal", async () => {
    mockApi().on(
      'POST',
      '/ecuFile/rate',
      fail(409, 'A rating can be changed for 30 days; this one can no longer be changed'),
    );
    const user = show({ rating: rated(3, 'Fine') });
    expect(screen.getByTestId('given-rating').textContent).toContain('You rated this file 3 stars.');
    await user.click(screen.getByRole('button', { name: 'Change rating' }));
    expect((screen.getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe('Fine');
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('can no longer be changed');
  });

  it('offers no change once the window has closed, and needs a connection to send', () => {
    show({ rating: rated(2, null, -1) });
    expect(screen.queryByRole('button', { name: 'Change rating' })).toBeNull();
    cleanup();
    show({ online: false });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
