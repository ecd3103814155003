import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_IDLE_MS, TypingTracker, typingNames, typingText } from './typing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('TypingTracker', () => {
  it('is typing from the first change until 3 s without one', () => {
    const publish = vi.fn();
    const tracker = new TypingTracker(publish);
    tracker.input();
    expect(publish).toHaveBeenLastCalledWith(true);
    vi.advanceTimersByTime(TYPING_IDLE_MS - 100);
    tracker.input();
    vi.advanceTimersByTime(TYPING_IDLE_MS - 100);
    expect(tracker.active).toBe(true);
    expect(publish).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(tracker.active).toBe(false);
    expect(publish).toHaveBeenLastCalledWith(false);
    expect(publish).toHaveBeenCalledTimes(2);
  });

  it('stops at once on send, and a later idle timer does not publish again', () => {
    const publish = vi.fn();
    const tracker = new TypingTracker(publish);
    tracker.input();
    tracker.stop();
    expect(publish.mock.calls).toEqual([[true], [false]]);
    vi.advanceTimersByTime(TYPING_IDLE_MS * 2);
    tracker.stop();
    expect(publish).toHaveBeenCalledTimes(2);
  });
});

describe('typing names', () => {
  const state = (id: string, name: string, typing: boolean, role = 'user') => ({
    user: { id, name, role },
    typing,
  });

  it('names the others typing once each, never the viewer (other tabs included)', () => {
    const states = new Map<number, unknown>([
      [5, state('admin-1', 'Sam Support', true, 'admin')],
      [3, state('me', 'Ann Lee', true)],
      [9, state('admin-1', 'Sam Support', true, 'admin')],
      [7, state('admin-2', 'Kim Desk', false, 'admin')],
      [1, { something: 'else' }],
      [2, null],
    ]);
    expect(typingNames(states, 'me')).toEqual(['Sam Support']);
    expect(typingNames(new Map([[1, state('x', '  ', true, 'admin')]]), 'me')).toEqual(['Support']);
  });

  it('says who is typing', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['Ann Lee'])).toBe('Ann Lee is typing…');
    expect(typingText(['Ann', 'Sam'])).toBe('Ann and Sam are typing…');
    expect(typingText(['A', 'B', 'C'])).toBe('Several people are typing…');
  });
});
