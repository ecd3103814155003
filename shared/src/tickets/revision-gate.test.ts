import { describe, expect, it } from 'vitest';
import { isOpenTicket, openRevisionOf } from './revision-gate';

describe('isOpenTicket', () => {
  it.each([
    ['Pending', true],
    ['In Progress', true],
    ['Completed', false],
    ['Unlocked', false],
    ['Failed', false],
    ['', false],
  ])('%s -> %s', (status, open) => {
    expect(isOpenTicket(status)).toBe(open);
  });
});

describe('openRevisionOf', () => {
  // [case, statuses of the parent's revisions, ticket number in the way or null]
  const table: [string, string[], number | null][] = [
    ['no revision yet', [], null],
    ['one pending', ['Pending'], 1],
    ['one in progress', ['In Progress'], 1],
    ['one completed', ['Completed'], null],
    ['one unlocked', ['Unlocked'], null],
    ['one failed', ['Failed'], null],
    ['closed ones, then an open one', ['Completed', 'Failed', 'Pending'], 3],
    ['every one closed', ['Unlocked', 'Completed', 'Failed'], null],
  ];
  it.each(table)('%s -> %s', (_case, statuses, blocking) => {
    const revisions = statuses.map((status, i) => ({ ticketNumber: i + 1, status }));
    expect(openRevisionOf(revisions)?.ticketNumber ?? null).toBe(blocking);
  });
});
