import { CHAT_SOCKET, reconnectDelay } from '@ecu/shared/chat/protocol';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * The chat socket's reconnects (docs/decisions/022-chat-on-yjs.md): attempt n waits
 * reconnectDelay(n) (1 s doubling to 5 s, spread by +/-50 %), without a limit; a connection
 * that synced starts again from the first delay.
 */
export class Reconnector {
  private attempt = 0;
  private timer: unknown = null;

  constructor(
    private readonly connect: () => void,
    private readonly timers: Timers = realTimers,
    private readonly delayOf: (attempt: number) => number = (n) => reconnectDelay(n),
  ) {}

  /** Plans the next attempt (replacing one already planned); returns its delay. */
  schedule(): number {
    this.cancel();
    const delay = this.delayOf(this.attempt++);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
    return delay;
  }

  /** Plans the next attempt after `ms` (the server said how long to wait). */
  after(ms: number): void {
    this.cancel();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.connect();
    }, ms);
  }

  /** Connects at once (the network is back); the backoff goes on from where it was. */
  now(): void {
    this.cancel();
    this.connect();
  }

  /** A connection synced: the next loss waits the first delay again. */
  reset(): void {
    this.attempt = 0;
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  get pending(): boolean {
    return this.timer !== null;
  }

  get attempts(): number {
    return this.attempt;
  }
}

/**
 * Gives up on a socket that has not opened within CHAT_SOCKET.timeoutMs: `arm` when it
 * starts connecting, `disarm` when it opens or closes.
 */
export class OpenTimeout {
  private timer: unknown = null;

  constructor(
    private readonly onTimeout: () => void,
    private readonly timers: Timers = realTimers,
    private readonly ms: number = CHAT_SOCKET.timeoutMs,
  ) {}

  arm(): void {
    this.disarm();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.onTimeout();
    }, this.ms);
  }

  disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
