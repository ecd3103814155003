import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, CHAT_TEXT_MAX, checkChatMessage, composeText } from './message';

const ME = 'user-1';
const base = { id: 'msg-0001', senderId: ME, text: 'Hello', time: 1_700_000_000_000 };

// [case, message, expected problem]
const table: [string, unknown, string | null][] = [
  ['a plain message', base, null],
  ['text of exactly the maximum', { ...base, text: 'x'.repeat(CHAT_TEXT_MAX) }, null],
  ['the maximum after trimming', { ...base, text: `  ${'x'.repeat(CHAT_TEXT_MAX)}  ` }, null],
  ['one character too long', { ...base, text: 'x'.repeat(CHAT_TEXT_MAX + 1) }, CHAT_MESSAGES.tooLong],
  ['empty text', { ...base, text: '' }, CHAT_MESSAGES.blank],
  ['whitespace only', { ...base, text: ' \n\t ' }, CHAT_MESSAGES.blank],
  ['another sender', { ...base, senderId: 'user-2' }, CHAT_MESSAGES.wrongSender],
  ['an unknown field', { ...base, edited: true }, CHAT_MESSAGES.malformed],
  ['a short id', { ...base, id: 'x' }, CHAT_MESSAGES.malformed],
  ['a time that is not a number', { ...base, time: '2025-01-01' }, CHAT_MESSAGES.malformed],
  ['a time past what a Date holds (9e15)', { ...base, time: 9e15 }, CHAT_MESSAGES.malformed],
  ['not an object', 'Hello', CHAT_MESSAGES.malformed],
  ['null', null, CHAT_MESSAGES.malformed],
  [
    'an attachment',
    { ...base, attachments: [{ id: 'AbCdEfGhIjKlMnOpQr', name: 'log.csv', size: 10 }] },
    null,
  ],
  [
    'six attachments',
    {
      ...base,
      attachments: Array.from({ length: 6 }, () => ({ id: 'AbCdEfGhIjKlMnOpQr', name: 'a', size: 1 })),
    },
    CHAT_MESSAGES.malformed,
  ],
  [
    'an attachment with a path for an id',
    { ...base, attachments: [{ id: '../../etc/passwd', name: 'a', size: 1 }] },
    CHAT_MESSAGES.malformed,
  ],
];

describe('checkChatMessage', () => {
  it.each(table)('%s', (_case, message, expected) => {
    expect(checkChatMessage(message, ME)).toBe(expected);
  });
});

describe('composeText', () => {
  it.each([
    ['  hello  ', 'hello'],
    ['line one\nline two', 'line one\nline two'],
    ['', null],
    ['   \n ', null],
  ])('%j -> %j', (input, expected) => {
    expect(composeText(input)).toBe(expected);
  });
});
