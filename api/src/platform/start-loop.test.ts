import { describe, expect, it } from 'vitest';
import { holdLoopWhileStarting } from './start-loop';

/** The timers that keep this process's event loop alive. */
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('holdLoopWhileStarting (docs/decisions/056-start-loop.md)', () => {
  it('gives the event loop a timer to wait on until it is released, once', () => {
    const before = timers();
    const starting = holdLoopWhileStarting();
    expect(timers()).toBe(before + 1);
    starting.release();
    expect(timers()).toBe(before);
    starting.release();
    expect(timers()).toBe(before);
  });
});
