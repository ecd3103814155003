import { describe, expect, it } from 'vitest';
import {
  isLowRating,
  rateTicketSchema,
  ratingChangeableUntil,
  ratingRefusal,
  starsFromQuery,
  starsLabel,
} from './ratings';

const now = new Date('2026-12-02T12:00:00Z');
const delivered = { status: 'Unlocked', hasTunedFile: true };

describe('ratingRefusal', () => {
  it.each([
    ['the owner, Unlocked with a tuned file', true, delivered, null, null],
    ['the owner, Completed with a tuned file', true, { status: 'Completed', hasTunedFile: true }, null, null],
    ['someone else', false, delivered, null, 'not_found'],
    ['not delivered: Pending', true, { status: 'Pending', hasTunedFile: false }, null, 'not_delivered'],
    [
      'not delivered: In Progress',
      true,
      { status: 'In Progress', hasTunedFile: false },
      null,
      'not_delivered',
    ],
    ['Failed with a tuned file', true, { status: 'Failed', hasTunedFile: true }, null, 'not_delivered'],
    [
      'Unlocked without a tuned file',
      true,
      { status: 'Unlocked', hasTunedFile: false },
      null,
      'not_delivered',
    ],
    ['re-rating after 29 days', true, delivered, '2026-11-03T12:00:00Z', null],
    ['re-rating at exactly 30 days', true, delivered, '2026-11-02T12:00:00Z', null],
    ['re-rating after 31 days', true, delivered, '2026-11-01T12:00:00Z', 'closed'],
    ['someone else, rated long ago', false, delivered, '2020-01-01T00:00:00Z', 'not_found'],
  ] as const)('%s', (_, isOwner, ticket, firstRatedAt, expected) => {
    const refusal = ratingRefusal({
      isOwner,
      ticket,
      existing: firstRatedAt ? { firstRatedAt } : null,
      now,
    });
    expect(refusal?.kind ?? null).toBe(expected);
  });

  it('says until when a rating may be changed', () => {
    expect(ratingChangeableUntil('2026-11-02T12:00:00Z').toISOString()).toBe('2026-12-02T12:00:00.000Z');
  });
});

describe('isLowRating', () => {
  it.each([
    [1, true],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
  ])('%i stars: low %s', (stars, low) => {
    expect(isLowRating(stars)).toBe(low);
  });
});

describe('rateTicketSchema', () => {
  it.each([
    [
      { ticketNumber: 100001, stars: 5 },
      { ticketNumber: 100001, stars: 5, comment: null },
    ],
    [
      { ticketNumber: '100001', stars: 1, comment: '  Slow  ' },
      { ticketNumber: 100001, stars: 1, comment: 'Slow' },
    ],
    [
      { ticketNumber: 100001, stars: 3, comment: '   ' },
      { ticketNumber: 100001, stars: 3, comment: null },
    ],
    [
      { ticketNumber: 100001, stars: 3, comment: null },
      { ticketNumber: 100001, stars: 3, comment: null },
    ],
  ])('accepts %j', (input, parsed) => {
    expect(rateTicketSchema.parse(input)).toEqual(parsed);
  });

  it.each([
    [{ ticketNumber: 100001, stars: 0 }, 'stars'],
    [{ ticketNumber: 100001, stars: 6 }, 'stars'],
    [{ ticketNumber: 100001, stars: 2.5 }, 'stars'],
    [{ ticketNumber: 100001, stars: '5' }, 'stars'],
    [{ ticketNumber: 100001 }, 'stars'],
    [{ stars: 4 }, 'ticketNumber'],
    [{ ticketNumber: 100001, stars: 4, comment: 'x'.repeat(1001) }, 'comment'],
    [{ ticketNumber: 100001, stars: 4, comment: 7 }, 'comment'],
  ])('refuses %j at %s', (input, path) => {
    const result = rateTicketSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([path]);
  });
});

describe('starsFromQuery', () => {
  it.each([
    ['5', 5],
    ['1', 1],
    ['0', null],
    ['6', null],
    ['4.5', null],
    ['', null],
    [null, null],
    [' 3', null],
  ] as const)('%j -> %j', (value, stars) => {
    expect(starsFromQuery(value)).toBe(stars);
  });

  it('names each choice', () => {
    expect([1, 2, 5].map(starsLabel)).toEqual(['1 star', '2 stars', '5 stars']);
  });
});
