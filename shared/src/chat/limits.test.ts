import { describe, expect, it } from 'vitest';
import {
  CHAT_FULL_TEXT,
  CHAT_ROOM_LIMITS,
  chatFullProblem,
  retryAfterOf,
  shownTime,
  tooManyMessagesReason,
  WRITTEN_AT_MAX_AGE_MS,
  writtenAt,
} from './limits';

const NOW = 1_800_000_000_000;
const { messages: MAX, bytes: BYTES } = CHAT_ROOM_LIMITS;

describe('chatFullProblem', () => {
  it.each<[string, [number, number], [number, number], string | null]>([
    ['an empty chat', [0, 0], [1, 200], null],
    ['one below the message cap', [MAX - 1, 1000], [1, 200], null],
    ['at the message cap', [MAX, 1000], [1, 200], CHAT_FULL_TEXT],
    ['two past the cap in one update', [MAX - 1, 1000], [2, 200], CHAT_FULL_TEXT],
    ['at the byte cap', [10, BYTES - 100], [1, 200], CHAT_FULL_TEXT],
    ['exactly the byte cap', [10, BYTES - 200], [1, 200], null],
    ['no message (a resend of known structs)', [MAX, BYTES], [0, 0], null],
  ])('%s', (_name, [m, b], [am, ab], expected) => {
    expect(chatFullProblem({ messages: m, bytes: b }, { messages: am, bytes: ab })).toBe(expected);
  });
});

describe('the rate-limit reason round-trips', () => {
  it.each<[string, string | undefined, number]>([
    ['the reason of 42 s', tooManyMessagesReason(42), 42],
    ['a fraction rounds up', tooManyMessagesReason(0.2), 1],
    ['no reason', undefined, 60],
    ['another reason', 'Deleting messages is not allowed', 60],
    ['a wait of zero', 'Retry after 0 s', 60],
    ['an absurd wait is capped', 'Retry after 99999999 s', 3600],
  ])('%s', (_name, reason, seconds) => {
    expect(retryAfterOf(reason)).toBe(seconds);
  });
});

describe('shownTime', () => {
  it.each<[string, unknown, unknown, number | null]>([
    ['the receive time wins', NOW - 5, NOW, NOW],
    ['a 2017 writer time with a receive time', Date.UTC(2017, 0, 1), NOW, NOW],
    ['no receive time: the writer time', NOW - 5, undefined, NOW - 5],
    ['9e15 and no receive time', 9e15, undefined, null],
    ['not a number', '2025', undefined, null],
    ['a broken receive time falls back', NOW - 5, Number.NaN, NOW - 5],
  ])('%s', (_name, written, received, expected) => {
    expect(shownTime(written, received)).toBe(expected);
  });
});

describe('writtenAt', () => {
  it.each<[string, number, number]>([
    ['a minute before', NOW - 60_000, NOW - 60_000],
    ['in the future', NOW + 3_600_000, NOW],
    ['in 2017', Date.UTC(2017, 0, 1), NOW - WRITTEN_AT_MAX_AGE_MS],
    ['exactly 30 days before', NOW - WRITTEN_AT_MAX_AGE_MS, NOW - WRITTEN_AT_MAX_AGE_MS],
  ])('%s', (_name, written, expected) => {
    expect(writtenAt(written, NOW)).toBe(expected);
  });
});
