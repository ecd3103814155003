import { describe, expect, it } from 'vitest';
import { CHAT_SOCKET, reconnectDelay } from './protocol';

// [attempt, random in [0, 1), delay]: 1 s doubling to 5 s, spread by +/-50 %.
const table: [number, number, number][] = [
  [0, 0.5, 1_000],
  [1, 0.5, 2_000],
  [2, 0.5, 4_000],
  [3, 0.5, 5_000],
  [50, 0.5, 5_000],
  [0, 0, 500],
  [0, 0.999_999, 1_500],
  [1, 0, 1_000],
  [2, 0.999_999, 5_000],
  [3, 0, 2_500],
];

describe('reconnectDelay', () => {
  it.each(table)('attempt %i with random %d waits %i ms', (attempt, random, expected) => {
    expect(reconnectDelay(attempt, random)).toBe(expected);
  });

  it('never waits less than half the first delay nor more than the maximum', () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      for (const random of [0, 0.25, 0.5, 0.75, 0.999]) {
        const delay = reconnectDelay(attempt, random);
        expect(delay).toBeGreaterThanOrEqual(CHAT_SOCKET.reconnectionDelayMs / 2);
        expect(delay).toBeLessThanOrEqual(CHAT_SOCKET.reconnectionDelayMaxMs);
      }
    }
  });
});
