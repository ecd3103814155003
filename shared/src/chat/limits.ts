import { MAX_DATE_MS } from './message';

/** Messages an account may send per minute, over all its chats (docs/decisions/066-chat-order-and-time.md). */
export const CHAT_RATE = { messages: 30, windowSeconds: 60 } as const;

/** What one ticket's chat may hold: every message is pushed to every admin device. */
export const CHAT_ROOM_LIMITS = { messages: 5_000, bytes: 4 * 1024 * 1024 } as const;

/** How far back the writer's own clock ('written at') may reach. */
export const WRITTEN_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const CHAT_FULL_TEXT = 'This chat is full. Please open a new ticket to go on.';

/** Why the chat cannot take `adding` more (null: it can). */
export function chatFullProblem(
  held: { messages: number; bytes: number },
  adding: { messages: number; bytes: number },
): string | null {
  if (adding.messages === 0) return null;
  if (held.messages + adding.messages > CHAT_ROOM_LIMITS.messages) return CHAT_FULL_TEXT;
  if (held.bytes + adding.bytes > CHAT_ROOM_LIMITS.bytes) return CHAT_FULL_TEXT;
  return null;
}

/** The close reason of a rate-limited update; the client reads the wait back with retryAfterOf. */
export function tooManyMessagesReason(retryAfterSeconds: number): string {
  return `Too many messages. Retry after ${Math.max(1, Math.ceil(retryAfterSeconds))} s`;
}

/** The wait (s) in a tooManyMessagesReason, or `fallback` when the reason holds none. */
export function retryAfterOf(reason: string | undefined, fallback: number = CHAT_RATE.windowSeconds): number {
  const match = /Retry after (\d+) s/.exec(reason ?? '');
  const seconds = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(seconds) && seconds > 0 ? Math.min(seconds, 3_600) : fallback;
}

export function tooFastText(seconds: number): string {
  return `You are sending messages too fast, wait ${seconds} s`;
}

const isDate = (ms: unknown): ms is number =>
  typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS;

/**
 * The time a message shows: the server's receive time when it has one, else (an entry stored
 * before receive times, or one of ours not yet received) the writer's time; null when neither
 * is a date.
 */
export function shownTime(written: unknown, received: unknown): number | null {
  if (isDate(received)) return received;
  return isDate(written) ? written : null;
}

/** The writer's clock, kept as 'written at': never after the receive time, at most 30 days before it. */
export function writtenAt(written: number, received: number): number {
  return Math.min(received, Math.max(received - WRITTEN_AT_MAX_AGE_MS, written));
}
