import { describe, expect, it } from 'vitest';
import { quoteTicket, withinSlaveWindow } from './quote';

const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

// [case, input, total]
const table: [string, Parameters<typeof quoteTicket>[0], number][] = [
  ['base only, 1-credit make', { make: 'Ford', stage: 'Stage 1', options: [], masterSlave: 'Master' }, 1],
  ['base 2 for BMW', { make: 'BMW', stage: 'Stage 1', options: [], masterSlave: 'Master' }, 2],
  ['base 2 for MINI, any case', { make: 'mini', stage: 'Eco', options: [], masterSlave: 'Master' }, 2],
  ['base 2 for Alfa Romeo', { make: 'Alfa Romeo', stage: 'Eco', options: [], masterSlave: 'Master' }, 2],
  [
    'base 2 for Aston Martin',
    { make: ' Aston Martin ', stage: 'Eco', options: [], masterSlave: 'Master' },
    2,
  ],
  [
    'free solution free with Stage 1',
    { make: 'Ford', stage: 'Stage 1', options: ['EGR OFF'], masterSlave: 'Master' },
    1,
  ],
  [
    'free solution free with Stage 2',
    { make: 'Ford', stage: 'Stage 2', options: ['DPF-FAP OFF', 'EGR OFF'], masterSlave: 'Master' },
    1,
  ],
  [
    'free solution costs 1 with Eco',
    { make: 'Ford', stage: 'Eco', options: ['EGR OFF'], masterSlave: 'Master' },
    2,
  ],
  [
    'free solution costs 1 with No Engine Mud',
    { make: 'Ford', stage: 'No Engine Mud', options: ['EGR OFF', 'NOx'], masterSlave: 'Master' },
    3,
  ],
  [
    'IMMO OFF always 2, even with Stage 1',
    { make: 'Ford', stage: 'Stage 1', options: ['IMMO OFF'], masterSlave: 'Master' },
    3,
  ],
  ['CVN FIX always 1', { make: 'Ford', stage: 'Stage 2', options: ['CVN FIX'], masterSlave: 'Master' }, 2],
  [
    'POP & BANG always 1',
    { make: 'Ford', stage: 'Stage 1', options: ['POP & BANG (PETROL ONLY)'], masterSlave: 'Master' },
    2,
  ],
  [
    'other option 1 even with Stage 1',
    { make: 'Ford', stage: 'Stage 1', options: ['DTC OFF'], masterSlave: 'Master' },
    2,
  ],
  [
    'surcharges add up',
    {
      make: 'BMW',
      stage: 'Eco',
      options: ['IMMO OFF', 'FLEX FUEL E85', 'ORIGINAL FILE REQUEST', 'ENCRYPT / DECRYPT'],
      masterSlave: 'Master',
    },
    7,
  ],
  [
    'a repeated option counts once',
    { make: 'Ford', stage: 'Eco', options: ['DTC OFF', 'DTC OFF'], masterSlave: 'Master' },
    2,
  ],
  [
    'Gear Box takes no options',
    { make: 'Ford', stage: 'Gear Box', options: ['IMMO OFF', 'DTC OFF'], masterSlave: 'Master' },
    1,
  ],
  [
    'Original File takes no options',
    { make: 'BMW', stage: 'Original File (Back To Stock)', options: ['DTC OFF'], masterSlave: 'Master' },
    2,
  ],
  [
    'ECU Cloning takes no options',
    { make: 'Ford', stage: 'ECU Cloning', options: ['CLONE ECU'], masterSlave: 'Master' },
    1,
  ],
  [
    'slave within 21 days: options free',
    {
      make: 'Ford',
      stage: 'Eco',
      options: ['DTC OFF', 'EGR OFF'],
      masterSlave: 'Slave',
      earlierTicketsForRegistration: [daysAgo(3)],
      now: NOW,
    },
    1,
  ],
  [
    'slave within 21 days: base still applies',
    {
      make: 'BMW',
      stage: 'Eco',
      options: ['DTC OFF'],
      masterSlave: 'Slave',
      earlierTicketsForRegistration: [daysAgo(20)],
      now: NOW,
    },
    2,
  ],
  [
    'slave within 21 days: surcharge still costs',
    {
      make: 'Ford',
      stage: 'Eco',
      options: ['ENCRYPT / DECRYPT', 'DTC OFF'],
      masterSlave: 'Slave',
      earlierTicketsForRegistration: [daysAgo(1)],
      now: NOW,
    },
    2,
  ],
  [
    'slave on day 21 exactly: still free',
    {
      make: 'Ford',
      stage: 'Eco',
      options: ['DTC OFF'],
      masterSlave: 'Slave',
      earlierTicketsForRegistration: [daysAgo(21)],
      now: NOW,
    },
    1,
  ],
  [
    'slave after 21 days: pays',
    {
      make: 'Ford',
      stage: 'Eco',
      options: ['DTC OFF'],
      masterSlave: 'Slave',
      earlierTicketsForRegistration: [daysAgo(21.01)],
      now: NOW,
    },
    2,
  ],
  [
    'slave without an earlier ticket: pays',
    {
      make: 'Ford',
      stage: 'Eco',
      options: ['DTC OFF'],
      masterSlave: 'Slave',
      earlierTicketsForRegistration: [],
      now: NOW,
    },
    2,
  ],
  [
    'master with an earlier ticket: pays every extra',
    {
      make: 'Ford',
      stage: 'Eco',
      options: ['DTC OFF'],
      masterSlave: 'Master',
      earlierTicketsForRegistration: [daysAgo(1)],
      now: NOW,
    },
    2,
  ],
  [
    'an unknown option name costs 1',
    { make: 'Ford', stage: 'Eco', options: ['SOMETHING ELSE'], masterSlave: 'Master' },
    2,
  ],
];

describe('quoteTicket', () => {
  it.each(table)('%s -> %i', (_case, input, total) => {
    const quote = quoteTicket(input);
    expect(quote.total).toBe(total);
    expect(quote.lines.reduce((s, l) => s + l.credits, 0)).toBe(total);
  });

  it('explains each line', () => {
    expect(
      quoteTicket({ make: 'BMW', stage: 'Stage 1', options: ['EGR OFF', 'IMMO OFF'], masterSlave: 'Master' })
        .lines,
    ).toEqual([
      { label: 'Base (BMW ECU family)', credits: 2 },
      { label: 'EGR OFF (free with Stage 1)', credits: 0 },
      { label: 'IMMO OFF', credits: 2 },
    ]);
  });
});

describe('withinSlaveWindow', () => {
  it.each([
    [[daysAgo(0)], true],
    [[daysAgo(21)], true],
    [[daysAgo(22)], false],
    [[daysAgo(40), daysAgo(5)], true],
    [[new Date(NOW.getTime() + 60_000)], false],
    [[], false],
  ])('%j -> %s', (dates, expected) => {
    expect(withinSlaveWindow(dates, NOW)).toBe(expected);
  });
});
