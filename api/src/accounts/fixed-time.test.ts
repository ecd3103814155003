import { describe, expect, it, vi } from 'vitest';
import { inFixedTime } from './fixed-time';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('inFixedTime', () => {
  it('waits the full time for a quick work', async () => {
    const started = performance.now();
    await inFixedTime(
      async () => {},
      80,
      () => {},
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
  });

  it('returns on time while a slow work goes on, and hands its later failure over', async () => {
    const late = vi.fn();
    let finished = false;
    const started = performance.now();
    await inFixedTime(
      async () => {
        await sleep(200);
        finished = true;
        throw new Error('mail server gone');
      },
      50,
      late,
    );
    expect(performance.now() - started).toBeLessThan(180);
    expect(finished).toBe(false);
    await sleep(250);
    expect(finished).toBe(true);
    expect(late).toHaveBeenCalledWith(new Error('mail server gone'));
  });

  it('throws a failure that comes within the time', async () => {
    const late = vi.fn();
    await expect(
      inFixedTime(
        async () => {
          throw new Error('database down');
        },
        50,
        late,
      ),
    ).rejects.toThrow('database down');
    expect(late).not.toHaveBeenCalled();
  });
});
