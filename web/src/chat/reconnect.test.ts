import { CHAT_SOCKET } from '@ecu/shared/chat/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenTimeout, Reconnector } from './reconnect';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Reconnector', () => {
  it('waits the documented backoff per attempt: 1 s doubling to 5 s, spread by at most 50 %', () => {
    const connect = vi.fn();
    const reconnector = new Reconnector(connect);
    const delays = Array.from({ length: 8 }, () => reconnector.schedule());
    reconnector.cancel();
    const bases = [1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000];
    delays.forEach((delay, i) => {
      const base = bases[i] as number;
      expect(delay).toBeGreaterThanOrEqual(Math.max(500, base * 0.5));
      expect(delay).toBeLessThanOrEqual(Math.min(CHAT_SOCKET.reconnectionDelayMaxMs, base * 1.5));
    });
    expect(reconnector.attempts).toBe(8);
    expect(connect).not.toHaveBeenCalled();
  });

  it('connects once the delay has passed, not before', () => {
    const connect = vi.fn();
    const reconnector = new Reconnector(connect, undefined, (n) => (n + 1) * 1000);
    expect(reconnector.schedule()).toBe(1000);
    vi.advanceTimersByTime(999);
    expect(connect).not.toHaveBeenCalled();
    expect(reconnector.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(reconnector.pending).toBe(false);
    expect(reconnector.schedule()).toBe(2000);
  });

  it('keeps one planned attempt at a time, and starts over after a sync', () => {
    const connect = vi.fn();
    const reconnector = new Reconnector(connect, undefined, (n) => (n + 1) * 1000);
    reconnector.schedule();
    reconnector.schedule();
    vi.advanceTimersByTime(10_000);
    expect(connect).toHaveBeenCalledTimes(1);
    reconnector.reset();
    expect(reconnector.schedule()).toBe(1000);
  });

  it('connects at once when the network returns, dropping the planned attempt', () => {
    const connect = vi.fn();
    const reconnector = new Reconnector(connect, undefined, () => 4000);
    reconnector.schedule();
    reconnector.now();
    expect(connect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(connect).toHaveBeenCalledTimes(1);
  });
});

describe('OpenTimeout', () => {
  it('gives up on a socket that has not opened within the documented timeout', () => {
    const onTimeout = vi.fn();
    const timeout = new OpenTimeout(onTimeout);
    timeout.arm();
    vi.advanceTimersByTime(CHAT_SOCKET.timeoutMs - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('does nothing once the socket opened', () => {
    const onTimeout = vi.fn();
    const timeout = new OpenTimeout(onTimeout, undefined, 100);
    timeout.arm();
    timeout.disarm();
    vi.advanceTimersByTime(1000);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
