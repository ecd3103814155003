import { describe, expect, it } from 'vitest';
import { isDelivered, isLateRework, LATE_REWORK_LABEL, quoteRevision } from './revision-quote';

const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
const parent = (days: number, make = 'Ford') => ({ make, createdAt: daysAgo(days) });

// [case, parent age in days, masterSlave, options, total]
const table: [string, number, string, string[], number][] = [
  ['Master within 21 days, plain option: every extra paid', 3, 'Master', ['DTC OFF'], 2],
  ['Master after 21 days, plain option: + rework', 22, 'Master', ['DTC OFF'], 3],
  ['Slave within 21 days, plain option: free', 3, 'Slave', ['DTC OFF'], 1],
  ['Slave after 21 days, plain option: paid + rework', 22, 'Slave', ['DTC OFF'], 3],
  ['Master within 21 days, surcharged option', 3, 'Master', ['IMMO OFF'], 3],
  ['Master after 21 days, surcharged option: + rework', 22, 'Master', ['IMMO OFF'], 4],
  ['Slave within 21 days, surcharged option still paid', 3, 'Slave', ['IMMO OFF'], 3],
  ['Slave after 21 days, surcharged option: + rework', 22, 'Slave', ['IMMO OFF'], 4],
  ['Slave within 21 days, surcharged + plain: only the surcharge', 10, 'Slave', ['IMMO OFF', 'DTC OFF'], 3],
  ['Slave on day 21 exactly: still free, no rework', 21, 'Slave', ['DTC OFF'], 1],
  ['Master on day 21 exactly: no rework', 21, 'Master', ['DTC OFF'], 2],
];

describe('quoteRevision', () => {
  it.each(table)('%s -> %i', (_case, days, masterSlave, options, total) => {
    const quote = quoteRevision({ parent: parent(days), stage: 'Eco', options, masterSlave, now: NOW });
    expect(quote.total).toBe(total);
    expect(quote.lines.reduce((s, l) => s + l.credits, 0)).toBe(total);
    expect(quote.lines.some((l) => l.label === LATE_REWORK_LABEL)).toBe(days > 21);
  });

  it('takes the base from the parent and explains the rework line', () => {
    expect(
      quoteRevision({
        parent: parent(30, 'BMW'),
        stage: 'Gear Box',
        options: [],
        masterSlave: 'Master',
        now: NOW,
      }).lines,
    ).toEqual([
      { label: 'Base (BMW ECU family)', credits: 2 },
      { label: 'Rework after 21 days', credits: 1 },
    ]);
  });
});

describe('isLateRework', () => {
  it.each([
    [0, false],
    [21, false],
    [21.01, true],
    [60, true],
  ])('%d days -> %s', (days, late) => {
    expect(isLateRework(daysAgo(days), NOW)).toBe(late);
  });
});

describe('isDelivered', () => {
  it.each([
    ['Completed', true, true],
    ['Unlocked', true, true],
    ['Completed', false, false],
    ['Unlocked', false, false],
    ['Pending', true, false],
    ['In Progress', true, false],
    ['Failed', true, false],
  ])('%s, tuned file %s -> %s', (status, hasTunedFile, delivered) => {
    expect(isDelivered({ status, hasTunedFile })).toBe(delivered);
  });
});
