import { DEFAULT_WORKING_HOURS, type WorkingHours, workingHoursSchema } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fieldPath } from './field-paths';
import { dayHoursText, fromHoursDraft, hoursField, hoursFieldOf, toHoursDraft } from './hours-draft';

const SPLIT: WorkingHours = {
  timeZone: 'Europe/London',
  week: [
    { day: 1, open: '13:30', close: '17:30' },
    { day: 1, open: '09:00', close: '12:30' },
    { day: 3, open: '09:00', close: '17:00' },
  ],
  holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
};

describe('the hours editor’s draft', () => {
  it('lists the week Monday first, a day without intervals as closed', () => {
    const draft = toHoursDraft(DEFAULT_WORKING_HOURS);
    expect(draft.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(draft.days.map((d) => d.closed)).toEqual([false, false, false, false, false, false, true]);
    // A closed day keeps a time to start from when it opens again.
    expect(draft.days[6]?.intervals).toEqual([{ open: '09:00', close: '17:30' }]);
  });

  it('keeps a day’s intervals in time order', () => {
    const monday = toHoursDraft(SPLIT).days[0];
    expect(monday?.intervals).toEqual([
      { open: '09:00', close: '12:30' },
      { open: '13:30', close: '17:30' },
    ]);
  });

  it('turns back into the same working hours', () => {
    for (const hours of [DEFAULT_WORKING_HOURS, SPLIT]) {
      const back = fromHoursDraft(toHoursDraft(hours)).hours;
      expect(workingHoursSchema.parse(back)).toEqual(back);
      expect(new Set(back.week.map((i) => JSON.stringify(i)))).toEqual(
        new Set(hours.week.map((i) => JSON.stringify(i))),
      );
      expect(back.holidays).toEqual(hours.holidays);
      expect(back.timeZone).toBe(hours.timeZone);
    }
  });

  it('leaves closed days out, whatever times they keep', () => {
    const draft = toHoursDraft(DEFAULT_WORKING_HOURS);
    const allClosed = { ...draft, days: draft.days.map((d) => ({ ...d, closed: true })) };
    expect(fromHoursDraft(allClosed).hours.week).toEqual([]);
  });

  it('trims holiday names', () => {
    const draft = toHoursDraft(SPLIT);
    draft.holidays[0] = { ...draft.holidays[0]!, name: '  Boxing Day ' };
    expect(fromHoursDraft(draft).hours.holidays).toEqual([{ date: '2026-12-25', name: 'Boxing Day' }]);
  });
});

describe('errors find their field', () => {
  const draft = toHoursDraft(SPLIT);
  const { hours, slots } = fromHoursDraft(draft);
  const holidayKey = draft.holidays[0]!.key;

  it('maps every interval of the saved week back to its day and position', () => {
    expect(hours.week[1]).toEqual({ day: 1, open: '13:30', close: '17:30' });
    expect(hoursFieldOf(['week', 1, 'close'], draft, slots)).toBe(hoursField.interval(1, 1, 'close'));
    expect(hoursFieldOf(['week', 2, 'open'], draft, slots)).toBe(hoursField.interval(3, 0, 'open'));
  });

  it.each([
    [['week', 1], hoursField.day(1)],
    [['week'], hoursField.week],
    [['week', 99, 'open'], hoursField.week],
    [['timeZone'], hoursField.timeZone],
    [['holidays', 0, 'date'], hoursField.holiday(holidayKey, 'date')],
    [['holidays', 0, 'name'], hoursField.holiday(holidayKey, 'name')],
    [['holidays'], hoursField.holidays],
    [['holidays', 5, 'date'], hoursField.holidays],
  ] as const)('%j', (path, key) => {
    expect(hoursFieldOf(path, draft, slots)).toBe(key);
  });

  it('reads the server’s paths (strings, with the group first)', () => {
    expect(hoursFieldOf(fieldPath('hours', 'hours.week.1.close'), draft, slots)).toBe(
      hoursField.interval(1, 1, 'close'),
    );
    expect(fieldPath('seller', 'seller.companyName')).toEqual(['companyName']);
    expect(fieldPath('seller', 'companyName')).toEqual(['companyName']);
    expect(fieldPath('seller', undefined)).toEqual([]);
  });

  it('maps the shared schema’s own errors: closing before opening, overlaps, repeated holidays', () => {
    const bad = toHoursDraft({
      timeZone: 'Mars/Olympus',
      week: [
        { day: 2, open: '09:00', close: '12:00' },
        { day: 2, open: '11:00', close: '18:00' },
        { day: 4, open: '17:00', close: '09:00' },
      ],
      holidays: [
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2026-12-25', name: 'Again' },
      ],
    });
    const built = fromHoursDraft(bad);
    const result = workingHoursSchema.safeParse(built.hours);
    expect(result.success).toBe(false);
    const fields = new Map(
      (result.success ? [] : result.error.issues).map((i) => [
        hoursFieldOf(i.path, bad, built.slots),
        i.message,
      ]),
    );
    expect(fields.get(hoursField.timeZone)).toBe('Choose a valid time zone');
    expect(fields.get(hoursField.day(2))).toBe('Opening hours overlap on Tuesday');
    expect(fields.get(hoursField.interval(4, 0, 'close'))).toBe('Closing time must be after opening time');
    expect(fields.get(hoursField.holiday(bad.holidays[1]!.key, 'date'))).toBe(
      '2026-12-25 is already a holiday',
    );
  });
});

describe('dayHoursText', () => {
  it.each([
    [1, '09:00–12:30, 13:30–17:30'],
    [3, '09:00–17:00'],
    [0, 'Closed'],
  ])('day %s: %s', (day, text) => {
    expect(dayHoursText(SPLIT, day, i18n)).toBe(text);
  });
});
