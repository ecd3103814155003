/**
 * The chat's wire contract beside the y-websocket protocol (docs/decisions/022-chat-on-yjs.md).
 * A room is `${CHAT_PATH}/${ticketNumber}`; messages 0 (sync) and 1 (awareness) are
 * y-protocols' own, the two below are ours.
 */
export const CHAT_PATH = '/api/chat';

/** Client -> server: varUint, how many messages of the chat the reader has seen. */
export const MESSAGE_READ = 100;
/**
 * Server -> client: varUint8Array, the server doc's state vector after it applied (and
 * stored) an update from this connection. A message whose Yjs clock is below it is sent.
 */
export const MESSAGE_ACK = 101;

/** Close codes (4400-4499: y-websocket does not reconnect by itself). */
export const CHAT_CLOSE = {
  /** The update broke a rule and was not applied: drop the local copy and resync. */
  refusedUpdate: 4400,
  /** Signed out, disabled or no longer allowed on this ticket. */
  forbidden: 4403,
  /** The chat holds as much as it may (./limits.ts): the update was not applied. */
  chatFull: 4413,
  /** Too many messages this minute (./limits.ts): not applied; resend after the reason's wait. */
  tooManyMessages: 4429,
  /**
   * The server cannot serve the chat just now (its Redis is away, docs/decisions/072-redis-outage.md):
   * the standard 'Try Again Later'; the client says it is reconnecting and does.
   */
  tryAgainLater: 1013,
} as const;

/** Socket settings (docs/product.md#10-chat): 1 s rising to 5 s, randomisation 0.5, unlimited attempts. */
export const CHAT_SOCKET = {
  timeoutMs: 20_000,
  reconnectionDelayMs: 1_000,
  reconnectionDelayMaxMs: 5_000,
  randomization: 0.5,
} as const;

/** At most one "support replied" e-mail per ticket in this window. */
export const CHAT_MAIL_INTERVAL_SECONDS = 15 * 60;

/**
 * The wait before reconnect attempt `attempt` (0 = first): the delay doubles from 1 s up to
 * 5 s and is spread by +/-50 % so that clients cut off together do not return together.
 * `random` is in [0, 1).
 */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const { reconnectionDelayMs: min, reconnectionDelayMaxMs: max, randomization } = CHAT_SOCKET;
  const base = Math.min(max, min * 2 ** Math.max(0, Math.min(attempt, 16)));
  const spread = base * randomization * (random * 2 - 1);
  return Math.round(Math.min(max, Math.max(min * (1 - randomization), base + spread)));
}
