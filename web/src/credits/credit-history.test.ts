import type { CreditHistoryEntryDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { creditDirection, historyRows, signedCredits } from './credit-history';

describe('signedCredits / creditDirection', () => {
  it.each([
    [5, '+5', 'up'],
    [1, '+1', 'up'],
    [0, '0', 'none'],
    [-1, '-1', 'down'],
    [-48, '-48', 'down'],
  ] as const)('%i reads %s (%s)', (amount, text, direction) => {
    expect(signedCredits(amount)).toBe(text);
    expect(creditDirection(amount)).toBe(direction);
  });
});

function entry(id: number): CreditHistoryEntryDto {
  return {
    id,
    at: '2026-01-01T10:00:00.000Z',
    kind: 'purchase',
    reason: `entry ${id}`,
    amount: 1,
    balanceAfter: id,
    ticketNumber: null,
  };
}

describe('historyRows', () => {
  it.each([
    ['no pages', [], []],
    ['one page', [[3, 2, 1]], [3, 2, 1]],
    ['pages in order', [[5, 4], [3, 2], [1]], [5, 4, 3, 2, 1]],
    [
      'a repeated entry shows once, where it first appeared',
      [
        [6, 5],
        [5, 4],
        [4, 3],
      ],
      [6, 5, 4, 3],
    ],
    ['an empty last page', [[2, 1], []], [2, 1]],
  ])('%s', (_, pages, ids) => {
    const rows = historyRows(pages.map((p) => ({ data: p.map(entry) })));
    expect(rows.map((r) => r.id)).toEqual(ids);
  });
});
