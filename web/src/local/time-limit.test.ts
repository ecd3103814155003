import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeLimitError, withTimeLimit } from './time-limit';

describe('withTimeLimit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the answer that comes in time', async () => {
    const answer = new Promise<string>((resolve) => setTimeout(() => resolve('me'), 1_000));
    const limited = withTimeLimit(answer, 4_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(limited).resolves.toBe('me');
  });

  it('passes on a failure that comes in time', async () => {
    const failure = Promise.reject(new Error('offline'));
    await expect(withTimeLimit(failure, 4_000)).rejects.toThrow('offline');
  });

  it('stops waiting at the limit, and the work still finishes', async () => {
    let landed = false;
    const slow = new Promise<void>((resolve) =>
      setTimeout(() => {
        landed = true;
        resolve();
      }, 10_000),
    );
    const limited = withTimeLimit(slow, 4_000);
    const outcome = expect(limited).rejects.toBeInstanceOf(TimeLimitError);
    await vi.advanceTimersByTimeAsync(4_000);
    await outcome;
    expect(landed).toBe(false);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(landed).toBe(true);
  });

  it('leaves no timer behind once answered', async () => {
    await withTimeLimit(Promise.resolve(1), 4_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
