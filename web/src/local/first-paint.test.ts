import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstContentfulPaint } from './first-paint';

/** A browser's paint timing, driven by the test: `paint()` reports the first contentful paint. */
function paintTiming() {
  let callback: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | null = null;
  let painted = false;
  const disconnect = vi.fn();
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(cb: typeof callback) {
      callback = cb;
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name: string) => (painted && name === 'first-contentful-paint' ? [{}] : []) as PerformanceEntryList,
  );
  return {
    disconnect,
    paint() {
      painted = true;
      callback?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    },
  };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('firstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, then stops observing', async () => {
    const timing = paintTiming();
    const waiting = firstContentfulPaint();
    expect(await settled(waiting)).toBe(false);
    timing.paint();
    expect(await settled(waiting)).toBe(true);
    expect(timing.disconnect).toHaveBeenCalled();
  });

  it('settles at once when the page has painted already', async () => {
    const timing = paintTiming();
    timing.paint();
    expect(await settled(firstContentfulPaint())).toBe(true);
  });

  it('stops waiting after the time limit (a page that never paints text)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    paintTiming();
    const waiting = firstContentfulPaint(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('settles at once where the browser has no paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(await settled(firstContentfulPaint())).toBe(true);
  });
});
