import { describe, expect, it } from 'vitest';
import {
  addOpenMinutes,
  DEFAULT_WORKING_HOURS,
  expectedTurnaround,
  openMinutesBetween,
  type ServiceStatus,
  serviceStatus,
  type WorkingHours,
} from './working-hours';
import { workingHoursSchema } from './working-hours-schema';

const LONDON = DEFAULT_WORKING_HOURS;
const WEEKDAYS_ONLY: WorkingHours = { ...LONDON, week: LONDON.week.filter((i) => i.day !== 6) };
const SUNDAY_TOO: WorkingHours = {
  ...LONDON,
  week: [...LONDON.week, { day: 0, open: '10:00', close: '12:00' }],
};
const EMPTY: WorkingHours = { ...LONDON, week: [] };
const ALWAYS: WorkingHours = {
  ...LONDON,
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
};
const MIDNIGHT: WorkingHours = {
  ...LONDON,
  week: [
    { day: 1, open: '09:00', close: '24:00' },
    { day: 2, open: '00:00', close: '02:00' },
  ],
};
const WEEKEND_NIGHT: WorkingHours = {
  ...LONDON,
  week: [
    { day: 6, open: '20:00', close: '24:00' },
    { day: 0, open: '00:00', close: '01:00' },
  ],
};
const NEW_YORK: WorkingHours = {
  timeZone: 'America/New_York',
  week: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: [],
};

function sundays(open: string, close: string, timeZone = 'Europe/London'): WorkingHours {
  return { timeZone, week: [{ day: 0, open, close }], holidays: [] };
}

function withHolidays(hours: WorkingHours, ...dates: string[]): WorkingHours {
  return { ...hours, holidays: dates.map((date) => ({ date, name: 'Closed' })) };
}

const open = (closesAt: string | null): ServiceStatus => ({ open: true, closesAt, nextOpeningAt: null });
const closed = (nextOpeningAt: string | null): ServiceStatus => ({
  open: false,
  closesAt: null,
  nextOpeningAt,
});

// 60 Mondays in a row are holidays: no opening within 366 days.
const MONDAYS_OFF = withHolidays(
  { ...LONDON, week: [{ day: 1, open: '09:00', close: '17:00' }] },
  ...Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 19 + 7 * i)).toISOString().slice(0, 10)),
);

describe('serviceStatus', () => {
  it.each<{ name: string; hours: WorkingHours; now: string; expected: ServiceStatus }>([
    {
      name: 'open mid-interval',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      expected: open('2026-01-14T17:30:00.000Z'),
    },
    {
      name: 'open at the opening instant',
      hours: LONDON,
      now: '2026-01-15T09:00:00Z',
      expected: open('2026-01-15T17:30:00.000Z'),
    },
    {
      name: 'closed before opening on the same day',
      hours: LONDON,
      now: '2026-01-14T07:00:00Z',
      expected: closed('2026-01-14T09:00:00.000Z'),
    },
    {
      name: 'closed at the closing instant',
      hours: LONDON,
      now: '2026-01-14T17:30:00Z',
      expected: closed('2026-01-15T09:00:00.000Z'),
    },
    {
      name: 'closed after closing -> next day',
      hours: LONDON,
      now: '2026-01-14T18:00:00Z',
      expected: closed('2026-01-15T09:00:00.000Z'),
    },
    {
      name: 'Friday evening -> Saturday',
      hours: LONDON,
      now: '2026-01-16T18:00:00Z',
      expected: closed('2026-01-17T10:00:00.000Z'),
    },
    {
      name: 'Friday evening -> Monday, Saturday closed',
      hours: WEEKDAYS_ONLY,
      now: '2026-01-16T18:00:00Z',
      expected: closed('2026-01-19T09:00:00.000Z'),
    },
    {
      name: 'Saturday 23:00, Sunday closed -> Monday',
      hours: LONDON,
      now: '2026-01-17T23:00:00Z',
      expected: closed('2026-01-19T09:00:00.000Z'),
    },
    {
      name: 'Saturday 23:00, Sunday open -> Sunday',
      hours: SUNDAY_TOO,
      now: '2026-01-17T23:00:00Z',
      expected: closed('2026-01-18T10:00:00.000Z'),
    },
    {
      name: 'holiday on the next working day',
      hours: withHolidays(LONDON, '2026-01-15'),
      now: '2026-01-14T18:00:00Z',
      expected: closed('2026-01-16T09:00:00.000Z'),
    },
    {
      name: 'closed all day on a holiday',
      hours: withHolidays(LONDON, '2026-01-14'),
      now: '2026-01-14T12:00:00Z',
      expected: closed('2026-01-15T09:00:00.000Z'),
    },
    {
      name: 'a run of holidays',
      hours: withHolidays(LONDON, '2026-12-25', '2026-12-26', '2026-12-28', '2026-12-29'),
      now: '2026-12-24T18:00:00Z',
      expected: closed('2026-12-30T09:00:00.000Z'),
    },
    { name: 'empty schedule', hours: EMPTY, now: '2026-01-14T12:00:00Z', expected: closed(null) },
    {
      name: 'no opening within 366 days',
      hours: MONDAYS_OFF,
      now: '2026-01-14T12:00:00Z',
      expected: closed(null),
    },
    {
      name: 'summer time: before 09:00 BST',
      hours: LONDON,
      now: '2026-07-15T07:30:00Z',
      expected: closed('2026-07-15T08:00:00.000Z'),
    },
    {
      name: 'summer time: open until 17:30 BST',
      hours: LONDON,
      now: '2026-07-15T16:00:00Z',
      expected: open('2026-07-15T16:30:00.000Z'),
    },
    {
      name: 'London spring-forward: opens 00:30 GMT',
      hours: sundays('00:30', '03:00'),
      now: '2026-03-28T23:00:00Z',
      expected: closed('2026-03-29T00:30:00.000Z'),
    },
    {
      name: 'London spring-forward: closes 03:00 BST',
      hours: sundays('00:30', '03:00'),
      now: '2026-03-29T00:45:00Z',
      expected: open('2026-03-29T02:00:00.000Z'),
    },
    {
      name: 'London spring-forward: 01:30 does not exist -> 02:00 BST',
      hours: sundays('01:30', '04:00'),
      now: '2026-03-28T12:00:00Z',
      expected: closed('2026-03-29T01:00:00.000Z'),
    },
    {
      name: 'London fall-back: opens 00:30 BST',
      hours: sundays('00:30', '03:00'),
      now: '2026-10-24T23:00:00Z',
      expected: closed('2026-10-24T23:30:00.000Z'),
    },
    {
      name: 'London fall-back: closes 03:00 GMT',
      hours: sundays('00:30', '03:00'),
      now: '2026-10-25T01:30:00Z',
      expected: open('2026-10-25T03:00:00.000Z'),
    },
    {
      name: 'London fall-back: 01:30 happens twice -> the first',
      hours: sundays('01:30', '02:30'),
      now: '2026-10-24T12:00:00Z',
      expected: closed('2026-10-25T00:30:00.000Z'),
    },
    {
      name: 'New York spring-forward: opens 00:30 EST',
      hours: sundays('00:30', '03:00', 'America/New_York'),
      now: '2026-03-08T05:00:00Z',
      expected: closed('2026-03-08T05:30:00.000Z'),
    },
    {
      name: 'New York spring-forward: closes 03:00 EDT',
      hours: sundays('00:30', '03:00', 'America/New_York'),
      now: '2026-03-08T06:30:00Z',
      expected: open('2026-03-08T07:00:00.000Z'),
    },
    {
      name: 'New York fall-back: opens 00:30 EDT',
      hours: sundays('00:30', '03:00', 'America/New_York'),
      now: '2026-11-01T04:00:00Z',
      expected: closed('2026-11-01T04:30:00.000Z'),
    },
    {
      name: 'New York fall-back: closes 03:00 EST',
      hours: sundays('00:30', '03:00', 'America/New_York'),
      now: '2026-11-01T07:00:00Z',
      expected: open('2026-11-01T08:00:00.000Z'),
    },
    {
      name: 'New York: Friday EST -> Monday EDT',
      hours: NEW_YORK,
      now: '2026-03-06T23:00:00Z',
      expected: closed('2026-03-09T13:00:00.000Z'),
    },
    {
      name: 'Mon 09:00-24:00 + Tue 00:00-02:00 are one period',
      hours: MIDNIGHT,
      now: '2026-01-12T20:00:00Z',
      expected: open('2026-01-13T02:00:00.000Z'),
    },
    {
      name: 'open at midnight between adjacent intervals',
      hours: MIDNIGHT,
      now: '2026-01-13T00:00:00Z',
      expected: open('2026-01-13T02:00:00.000Z'),
    },
    {
      name: 'open after midnight',
      hours: MIDNIGHT,
      now: '2026-01-13T01:00:00Z',
      expected: open('2026-01-13T02:00:00.000Z'),
    },
    {
      name: 'a holiday cuts the period at midnight',
      hours: withHolidays(MIDNIGHT, '2026-01-13'),
      now: '2026-01-12T20:00:00Z',
      expected: open('2026-01-13T00:00:00.000Z'),
    },
    {
      name: 'Saturday night runs into Sunday (week wrap)',
      hours: WEEKEND_NIGHT,
      now: '2026-01-17T21:00:00Z',
      expected: open('2026-01-18T01:00:00.000Z'),
    },
    { name: 'always open', hours: ALWAYS, now: '2026-01-14T12:00:00Z', expected: open(null) },
    {
      name: 'always open except a holiday',
      hours: withHolidays(ALWAYS, '2026-01-20'),
      now: '2026-01-14T12:00:00Z',
      expected: open('2026-01-20T00:00:00.000Z'),
    },
  ])('$name', ({ hours, now, expected }) => {
    expect(serviceStatus(hours, new Date(now))).toEqual(expected);
  });
});

describe('addOpenMinutes', () => {
  it.each<{ name: string; hours: WorkingHours; from: string; minutes: number; expected: string | null }>([
    {
      name: 'within an interval',
      hours: LONDON,
      from: '2026-01-14T10:00:00Z',
      minutes: 60,
      expected: '2026-01-14T11:00:00.000Z',
    },
    {
      name: 'ending exactly at closing',
      hours: LONDON,
      from: '2026-01-14T17:00:00Z',
      minutes: 30,
      expected: '2026-01-14T17:30:00.000Z',
    },
    {
      name: 'across closing to the next day',
      hours: LONDON,
      from: '2026-01-14T17:00:00Z',
      minutes: 60,
      expected: '2026-01-15T09:30:00.000Z',
    },
    {
      name: 'starting while closed',
      hours: LONDON,
      from: '2026-01-18T12:00:00Z',
      minutes: 15,
      expected: '2026-01-19T09:15:00.000Z',
    },
    {
      name: 'Friday into Saturday',
      hours: LONDON,
      from: '2026-01-16T17:00:00Z',
      minutes: 60,
      expected: '2026-01-17T10:30:00.000Z',
    },
    {
      name: 'across the weekend',
      hours: LONDON,
      from: '2026-01-16T17:00:00Z',
      minutes: 300,
      expected: '2026-01-19T09:30:00.000Z',
    },
    {
      name: 'across the weekend, Saturday closed',
      hours: WEEKDAYS_ONLY,
      from: '2026-01-16T17:00:00Z',
      minutes: 60,
      expected: '2026-01-19T09:30:00.000Z',
    },
    {
      name: 'across a holiday',
      hours: withHolidays(LONDON, '2026-01-15'),
      from: '2026-01-14T17:00:00Z',
      minutes: 60,
      expected: '2026-01-16T09:30:00.000Z',
    },
    {
      name: 'summer time',
      hours: LONDON,
      from: '2026-07-15T16:00:00Z',
      minutes: 60,
      expected: '2026-07-16T08:30:00.000Z',
    },
    {
      name: 'through midnight adjacency',
      hours: MIDNIGHT,
      from: '2026-01-12T23:00:00Z',
      minutes: 120,
      expected: '2026-01-13T01:00:00.000Z',
    },
    {
      name: 'spring-forward Sunday holds 90 minutes',
      hours: sundays('00:30', '03:00'),
      from: '2026-03-28T12:00:00Z',
      minutes: 100,
      expected: '2026-04-04T23:40:00.000Z',
    },
    {
      name: 'fall-back Sunday holds 210 minutes',
      hours: sundays('00:30', '03:00'),
      from: '2026-10-24T12:00:00Z',
      minutes: 200,
      expected: '2026-10-25T02:50:00.000Z',
    },
    {
      name: 'zero minutes',
      hours: LONDON,
      from: '2026-01-18T12:00:00Z',
      minutes: 0,
      expected: '2026-01-18T12:00:00.000Z',
    },
    {
      name: 'negative minutes',
      hours: LONDON,
      from: '2026-01-18T12:00:00Z',
      minutes: -5,
      expected: '2026-01-18T12:00:00.000Z',
    },
    { name: 'empty schedule', hours: EMPTY, from: '2026-01-14T12:00:00Z', minutes: 15, expected: null },
    {
      name: 'more than 400 days hold',
      hours: ALWAYS,
      from: '2026-01-14T00:00:00Z',
      minutes: 500 * 1440,
      expected: null,
    },
  ])('$name', ({ hours, from, minutes, expected }) => {
    expect(addOpenMinutes(hours, new Date(from), minutes)?.toISOString() ?? null).toBe(expected);
  });
});

describe('openMinutesBetween', () => {
  it.each<{ name: string; hours: WorkingHours; from: string; to: string; expected: number }>([
    {
      name: 'to before from',
      hours: LONDON,
      from: '2026-01-14T12:00:00Z',
      to: '2026-01-14T11:00:00Z',
      expected: 0,
    },
    {
      name: 'to equals from',
      hours: LONDON,
      from: '2026-01-14T12:00:00Z',
      to: '2026-01-14T12:00:00Z',
      expected: 0,
    },
    {
      name: 'within an interval',
      hours: LONDON,
      from: '2026-01-14T10:00:00Z',
      to: '2026-01-14T11:00:00Z',
      expected: 60,
    },
    {
      name: 'across closing',
      hours: LONDON,
      from: '2026-01-14T17:00:00Z',
      to: '2026-01-15T09:10:00Z',
      expected: 40,
    },
    {
      name: 'noon to noon',
      hours: LONDON,
      from: '2026-01-14T12:00:00Z',
      to: '2026-01-15T12:00:00Z',
      expected: 510,
    },
    {
      name: 'a whole week',
      hours: LONDON,
      from: '2026-01-12T00:00:00Z',
      to: '2026-01-19T00:00:00Z',
      expected: 2790,
    },
    {
      name: 'a week with a holiday',
      hours: withHolidays(LONDON, '2026-01-14'),
      from: '2026-01-12T00:00:00Z',
      to: '2026-01-19T00:00:00Z',
      expected: 2280,
    },
    {
      name: 'London spring-forward 00:30-03:00',
      hours: sundays('00:30', '03:00'),
      from: '2026-03-28T00:00:00Z',
      to: '2026-03-30T00:00:00Z',
      expected: 90,
    },
    {
      name: 'London fall-back 00:30-03:00',
      hours: sundays('00:30', '03:00'),
      from: '2026-10-24T00:00:00Z',
      to: '2026-10-26T00:00:00Z',
      expected: 210,
    },
    {
      name: 'London spring-forward whole day',
      hours: sundays('00:00', '24:00'),
      from: '2026-03-28T00:00:00Z',
      to: '2026-03-30T00:00:00Z',
      expected: 1380,
    },
    {
      name: 'London fall-back whole day',
      hours: sundays('00:00', '24:00'),
      from: '2026-10-24T00:00:00Z',
      to: '2026-10-26T00:00:00Z',
      expected: 1500,
    },
    {
      name: 'New York spring-forward 00:30-03:00',
      hours: sundays('00:30', '03:00', 'America/New_York'),
      from: '2026-03-07T00:00:00Z',
      to: '2026-03-09T12:00:00Z',
      expected: 90,
    },
    {
      name: 'New York fall-back 00:30-03:00',
      hours: sundays('00:30', '03:00', 'America/New_York'),
      from: '2026-10-31T00:00:00Z',
      to: '2026-11-02T12:00:00Z',
      expected: 210,
    },
    {
      name: 'always open across spring-forward',
      hours: ALWAYS,
      from: '2026-03-28T00:00:00Z',
      to: '2026-03-30T00:00:00Z',
      expected: 2880,
    },
  ])('$name', ({ hours, from, to, expected }) => {
    expect(openMinutesBetween(hours, new Date(from), new Date(to))).toBe(expected);
  });
});

describe('expectedTurnaround', () => {
  it.each<{
    name: string;
    hours: WorkingHours;
    now: string;
    queue: number;
    perFile: number;
    expected: { readyAt: string | null; openMinutes: number };
  }>([
    {
      name: 'empty queue while open',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      queue: 0,
      perFile: 15,
      expected: { readyAt: '2026-01-14T12:15:00.000Z', openMinutes: 15 },
    },
    {
      name: 'empty queue while closed',
      hours: LONDON,
      now: '2026-01-14T18:00:00Z',
      queue: 0,
      perFile: 15,
      expected: { readyAt: '2026-01-15T09:15:00.000Z', openMinutes: 15 },
    },
    {
      name: 'long queue over the weekend',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      queue: 100,
      perFile: 20,
      expected: { readyAt: '2026-01-19T16:10:00.000Z', openMinutes: 2020 },
    },
    {
      name: 'zero minutes per file -> 15',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      queue: 3,
      perFile: 0,
      expected: { readyAt: '2026-01-14T13:00:00.000Z', openMinutes: 60 },
    },
    {
      name: 'negative minutes per file -> 15',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      queue: 3,
      perFile: -5,
      expected: { readyAt: '2026-01-14T13:00:00.000Z', openMinutes: 60 },
    },
    {
      name: 'NaN minutes per file -> 15',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      queue: 3,
      perFile: Number.NaN,
      expected: { readyAt: '2026-01-14T13:00:00.000Z', openMinutes: 60 },
    },
    {
      name: 'infinite minutes per file -> 15',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      queue: 3,
      perFile: Number.POSITIVE_INFINITY,
      expected: { readyAt: '2026-01-14T13:00:00.000Z', openMinutes: 60 },
    },
    {
      name: 'negative queue counts as empty',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      queue: -2,
      perFile: 15,
      expected: { readyAt: '2026-01-14T12:15:00.000Z', openMinutes: 15 },
    },
    {
      name: 'fractional queue is floored',
      hours: LONDON,
      now: '2026-01-14T12:00:00Z',
      queue: 2.7,
      perFile: 15,
      expected: { readyAt: '2026-01-14T12:45:00.000Z', openMinutes: 45 },
    },
    {
      name: 'empty schedule',
      hours: EMPTY,
      now: '2026-01-14T12:00:00Z',
      queue: 0,
      perFile: 15,
      expected: { readyAt: null, openMinutes: 15 },
    },
  ])('$name', ({ hours, now, queue, perFile, expected }) => {
    expect(expectedTurnaround(hours, new Date(now), queue, perFile)).toEqual(expected);
  });
});

describe('workingHoursSchema', () => {
  it.each<{ name: string; input: WorkingHours }>([
    { name: 'the default', input: DEFAULT_WORKING_HOURS },
    { name: 'closing at 24:00', input: MIDNIGHT },
    {
      name: 'touching intervals on one day',
      input: {
        ...LONDON,
        week: [
          { day: 1, open: '09:00', close: '12:00' },
          { day: 1, open: '12:00', close: '17:00' },
        ],
      },
    },
    { name: 'a leap day holiday', input: withHolidays(LONDON, '2028-02-29') },
    { name: 'another zone', input: NEW_YORK },
  ])('accepts $name', ({ input }) => {
    expect(workingHoursSchema.parse(input)).toEqual(input);
  });

  const twentyNine = Array.from({ length: 29 }, (_, i) => ({
    day: i % 7,
    open: `0${Math.floor(i / 7) * 2}:00`,
    close: `0${Math.floor(i / 7) * 2 + 1}:00`,
  }));

  it.each<{ name: string; input: unknown; message: string }>([
    {
      name: 'an unknown zone',
      input: { ...LONDON, timeZone: 'Mars/Olympus' },
      message: 'Choose a valid time zone',
    },
    { name: 'an empty zone', input: { ...LONDON, timeZone: '' }, message: 'Choose a valid time zone' },
    {
      name: 'close before open',
      input: { ...LONDON, week: [{ day: 1, open: '17:00', close: '09:00' }] },
      message: 'Closing time must be after opening time',
    },
    {
      name: 'close equal to open',
      input: { ...LONDON, week: [{ day: 1, open: '09:00', close: '09:00' }] },
      message: 'Closing time must be after opening time',
    },
    {
      name: 'overlapping intervals',
      input: {
        ...LONDON,
        week: [
          { day: 1, open: '13:00', close: '17:00' },
          { day: 1, open: '09:00', close: '13:30' },
        ],
      },
      message: 'Opening hours overlap on Monday',
    },
    {
      name: 'a malformed time',
      input: { ...LONDON, week: [{ day: 1, open: '9:00', close: '17:00' }] },
      message: 'Use HH:MM (24-hour)',
    },
    {
      name: 'a time past 24:00',
      input: { ...LONDON, week: [{ day: 1, open: '09:00', close: '24:30' }] },
      message: 'Use HH:MM (24-hour)',
    },
    {
      name: 'more than 28 intervals',
      input: { ...LONDON, week: twentyNine },
      message: 'At most 28 opening intervals',
    },
    {
      name: 'a date that does not exist',
      input: withHolidays(LONDON, '2026-02-30'),
      message: 'Enter a real date as YYYY-MM-DD',
    },
    {
      name: 'a malformed date',
      input: withHolidays(LONDON, '2026-1-5'),
      message: 'Enter a real date as YYYY-MM-DD',
    },
    {
      name: 'a duplicate holiday',
      input: withHolidays(LONDON, '2026-12-25', '2026-12-25'),
      message: '2026-12-25 is already a holiday',
    },
    {
      name: 'a long holiday name',
      input: { ...LONDON, holidays: [{ date: '2026-12-25', name: 'x'.repeat(81) }] },
      message: 'Holiday name must be at most 80 characters',
    },
  ])('refuses $name', ({ input, message }) => {
    const result = workingHoursSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });
});
