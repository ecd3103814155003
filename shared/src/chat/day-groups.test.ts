import { describe, expect, it } from 'vitest';
import { chatDayLabel, groupByDay } from './day-groups';

const at = (iso: string) => ({ time: new Date(iso).getTime() });

describe('chatDayLabel', () => {
  it.each([
    ['2025-03-05T10:00:00Z', 'UTC', '05 March 2025'],
    ['2025-03-05T23:30:00Z', 'Europe/Berlin', '06 March 2025'],
    ['2025-12-31T23:59:00Z', 'UTC', '31 December 2025'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(chatDayLabel(new Date(iso).getTime(), zone)).toBe(expected);
  });
});

describe('groupByDay', () => {
  it('puts consecutive messages of one day under one heading and keeps their indexes', () => {
    const groups = groupByDay(
      [at('2025-03-05T09:00:00Z'), at('2025-03-05T17:00:00Z'), at('2025-03-06T08:00:00Z')],
      'UTC',
    );
    expect(groups.map((g) => [g.day, g.items.map((i) => i.index)])).toEqual([
      ['05 March 2025', [0, 1]],
      ['06 March 2025', [2]],
    ]);
  });

  it('starts a new group when a day comes back after another', () => {
    const groups = groupByDay(
      [at('2025-03-05T09:00:00Z'), at('2025-03-06T09:00:00Z'), at('2025-03-05T10:00:00Z')],
      'UTC',
    );
    expect(groups.map((g) => g.day)).toEqual(['05 March 2025', '06 March 2025', '05 March 2025']);
  });

  it('has no groups without messages', () => {
    expect(groupByDay([], 'UTC')).toEqual([]);
  });
});
