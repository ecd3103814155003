import { describe, expect, it } from 'vitest';
import type { Locale } from '../i18n/locales';
import {
  CANNED_REPLY_BODY_MAX,
  CANNED_REPLY_TITLE_MAX,
  cannedReplyIdSchema,
  cannedReplySchema,
  fillCannedReply,
  matchCannedReplies,
  type PlaceholderValues,
  repliesForLanguage,
  unknownPlaceholders,
} from './canned-replies';
import { CHAT_TEXT_MAX } from './message';

const FULL: PlaceholderValues = {
  customerName: 'Anna Weber',
  firstName: 'Anna',
  ticketNumber: 100042,
  vehicle: 'Volkswagen Golf 2015',
};

describe('fillCannedReply', () => {
  it.each<[string, string, PlaceholderValues, string]>([
    [
      'every placeholder',
      'Hi {firstName} ({customerName}), #{ticketNumber} {vehicle}',
      FULL,
      'Hi Anna (Anna Weber), #100042 Volkswagen Golf 2015',
    ],
    ['a placeholder twice', '{firstName}, {firstName}!', FULL, 'Anna, Anna!'],
    ['no placeholder', 'Your file is ready.', FULL, 'Your file is ready.'],
    ['a missing value', 'Hi {customerName}', {}, 'Hi [customer name]'],
    ['a null value', 'Ticket #{ticketNumber}', { ticketNumber: null }, 'Ticket #[ticket number]'],
    ['a blank value', 'Your {vehicle}', { vehicle: '   ' }, 'Your [vehicle]'],
    ['a missing first name', 'Hi {firstName}', { customerName: 'Anna Weber' }, 'Hi [first name]'],
    ['a value kept as text', 'Hi {customerName}', { customerName: '<b>Anna</b>' }, 'Hi <b>Anna</b>'],
    [
      'a value holding a placeholder is not filled again',
      'Hi {customerName}',
      { customerName: '{vehicle}', vehicle: 'Golf' },
      'Hi {vehicle}',
    ],
    ['an unknown placeholder is left as written', 'Hi {nickname}', FULL, 'Hi {nickname}'],
    [
      'braces that are not a placeholder',
      'JSON {"a": 1} and { vehicle }',
      FULL,
      'JSON {"a": 1} and { vehicle }',
    ],
    ['case matters', 'Hi {CustomerName}', FULL, 'Hi {CustomerName}'],
    ['a zero ticket number is a value', '#{ticketNumber}', { ticketNumber: 0 }, '#0'],
  ])('%s', (_name, body, values, expected) => {
    expect(fillCannedReply(body, values)).toBe(expected);
    expect(fillCannedReply(body, values)).not.toContain('undefined');
  });

  it('clips the filled text to one chat message', () => {
    const body = `${'x'.repeat(CANNED_REPLY_BODY_MAX - 10)}{vehicle}`;
    const filled = fillCannedReply(body, { vehicle: 'v'.repeat(1000) });
    expect(filled).toHaveLength(CHAT_TEXT_MAX);
  });
});

describe('unknownPlaceholders', () => {
  it.each<[string, string[]]>([
    ['Hi {customerName}, {firstName}, #{ticketNumber}, {vehicle}', []],
    ['Hi {name} and {name} and {car}', ['name', 'car']],
    ['{ vehicle } {1abc} {}', []],
    ['{Vehicle}', ['Vehicle']],
  ])('%s -> %j', (body, unknown) => {
    expect(unknownPlaceholders(body)).toEqual(unknown);
  });
});

describe('cannedReplySchema', () => {
  it.each<[unknown, string | null]>([
    [{ title: 'Ready', body: 'Hi {firstName}, your file is ready.' }, null],
    [{ title: '  Ready  ', body: '  x  ' }, null],
    [{ title: '', body: 'x' }, 'Give the reply a title'],
    [{ body: 'x' }, 'Give the reply a title'],
    [{ title: 'x', body: '   ' }, 'Write the reply'],
    [
      { title: 'x'.repeat(CANNED_REPLY_TITLE_MAX + 1), body: 'x' },
      `A title is at most ${CANNED_REPLY_TITLE_MAX} characters`,
    ],
    [{ title: 'x'.repeat(CANNED_REPLY_TITLE_MAX), body: 'x'.repeat(CANNED_REPLY_BODY_MAX) }, null],
    [
      { title: 'x', body: 'x'.repeat(CANNED_REPLY_BODY_MAX + 1) },
      `A reply is at most ${CANNED_REPLY_BODY_MAX} characters`,
    ],
    [
      { title: 'x', body: 'Hi {name}' },
      'Unknown placeholder {name}: use {customerName}, {firstName}, {ticketNumber}, {vehicle}',
    ],
    [
      { title: 'x', body: 'Hi {name}, your {car}' },
      'Unknown placeholders {name}, {car}: use {customerName}, {firstName}, {ticketNumber}, {vehicle}',
    ],
    [{ title: 1, body: 'x' }, 'Give the reply a title'],
  ])('%j -> %s', (input, message) => {
    const result = cannedReplySchema.safeParse(input);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });

  it('trims title and body', () => {
    expect(cannedReplySchema.parse({ title: ' a ', body: ' b ' })).toEqual({
      title: 'a',
      body: 'b',
      locale: null,
    });
  });

  it('takes only a uuid as id', () => {
    expect(cannedReplyIdSchema.safeParse({ id: '00000000-0000-4000-8000-000000000000' }).success).toBe(true);
    expect(cannedReplyIdSchema.safeParse({ id: '1' }).success).toBe(false);
  });
});

describe('matchCannedReplies', () => {
  const replies = [
    { title: 'File ready' },
    { title: 'Greeting' },
    { title: 'Need a better read' },
    { title: 'Refund' },
  ];
  it.each<[string, string[]]>([
    ['', ['File ready', 'Greeting', 'Need a better read', 'Refund']],
    ['re', ['Refund', 'File ready', 'Greeting', 'Need a better read']],
    ['READ', ['File ready', 'Need a better read']],
    ['  gre ', ['Greeting']],
    ['xyz', []],
  ])('%j -> %j', (query, titles) => {
    expect(matchCannedReplies(replies, query).map((r) => r.title)).toEqual(titles);
  });
});

describe('repliesForLanguage', () => {
  const replies = [
    { id: 'ready-any', title: 'File ready', locale: null },
    { id: 'ready-de', title: 'File ready', locale: 'de' },
    { id: 'ready-fr', title: 'file READY', locale: 'fr' },
    { id: 'read-en', title: 'Better read', locale: 'en' },
    { id: 'read-pl', title: 'Better read', locale: 'pl' },
    { id: 'refund-tr', title: 'Refund', locale: 'tr' },
  ] as const;
  it.each<[Locale | null, string[]]>([
    ['de', ['ready-de', 'read-en', 'refund-tr']],
    ['fr', ['ready-fr', 'read-en', 'refund-tr']],
    ['pl', ['ready-any', 'read-pl', 'refund-tr']],
    ['ar', ['ready-any', 'read-en', 'refund-tr']],
    [null, ['ready-any', 'read-en', 'refund-tr']],
  ])('a customer speaking %j is offered %j', (locale, ids) => {
    expect(repliesForLanguage(replies, locale).map((r) => r.id)).toEqual(ids);
  });
});

describe('cannedReplySchema: the language of a reply', () => {
  it.each<[unknown, Locale | null | 'refused']>([
    [undefined, null],
    [null, null],
    ['de', 'de'],
    ['ar', 'ar'],
    ['pt', 'refused'],
    ['DE', 'refused'],
  ])('%j -> %j', (locale, expected) => {
    const parsed = cannedReplySchema.safeParse({ title: 'Hello', body: 'Hi {firstName}', locale });
    expect(parsed.success ? parsed.data.locale : 'refused').toBe(expected);
  });
});
