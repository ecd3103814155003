import { DEFAULT_WORKING_HOURS, type ServiceStatusDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import {
  currentStatus,
  describeServiceStatus,
  formatServiceTime,
  formatWorkAhead,
  queueText,
  zoneAbbreviation,
} from './status-text';

const LONDON = 'Europe/London';

function dto(overrides: Partial<ServiceStatusDto> = {}): ServiceStatusDto {
  return {
    open: true,
    closesAt: null,
    nextOpeningAt: null,
    timeZone: LONDON,
    queueLength: 0,
    expectedReadyAt: null,
    expectedOpenMinutes: 15,
    hours: DEFAULT_WORKING_HOURS,
    ...overrides,
  };
}

// Monday 15 June 2026, 11:00 in London (BST, UTC+1).
const MONDAY_11 = new Date('2026-06-15T10:00:00Z');
// Saturday 13 June 2026, 19:00 in London.
const SATURDAY_EVENING = new Date('2026-06-13T18:00:00Z');

describe('describeServiceStatus', () => {
  it.each([
    {
      name: 'open, closing today',
      status: dto({ open: true, closesAt: '2026-06-15T16:30:00Z', expectedReadyAt: '2026-06-15T10:15:00Z' }),
      now: MONDAY_11,
      viewer: LONDON,
      headline: 'File service open · closes 17:30',
      detail: 'No files waiting · Expected back by 11:15',
      closedNote: null,
    },
    {
      name: 'open around the clock',
      status: dto({ open: true, closesAt: null, queueLength: 1, expectedOpenMinutes: 30 }),
      now: MONDAY_11,
      viewer: LONDON,
      headline: 'File service open',
      detail: '1 file waiting · about 30 min of work ahead',
      closedNote: null,
    },
    {
      name: 'closed for the weekend',
      status: dto({
        open: false,
        nextOpeningAt: '2026-06-15T08:00:00Z',
        queueLength: 8,
        expectedOpenMinutes: 135,
        expectedReadyAt: '2026-06-15T10:15:00Z',
      }),
      now: SATURDAY_EVENING,
      viewer: LONDON,
      headline: 'File service closed · opens Mon 09:00',
      detail: '8 files waiting · about 2 h of work ahead · Expected back by Mon 11:15',
      closedNote: 'A file sent now will be handled at the next opening, Mon 09:00.',
    },
    {
      name: 'closed, seen from New York: the zone is named',
      status: dto({ open: false, nextOpeningAt: '2026-06-15T08:00:00Z', expectedOpenMinutes: 0 }),
      now: SATURDAY_EVENING,
      viewer: 'America/New_York',
      headline: 'File service closed · opens Mon 09:00 BST',
      detail: 'No files waiting',
      closedNote: 'A file sent now will be handled at the next opening, Mon 09:00 BST.',
    },
    {
      name: 'closed with no schedule at all',
      status: dto({ open: false, nextOpeningAt: null, queueLength: 2, expectedOpenMinutes: 45 }),
      now: MONDAY_11,
      viewer: LONDON,
      headline: 'File service closed · no opening hours scheduled',
      detail: '2 files waiting · about 45 min of work ahead',
      closedNote: 'A file sent now will be handled at the next opening.',
    },
  ])('$name', ({ status, now, viewer, headline, detail, closedNote }) => {
    const text = describeServiceStatus(status, { now, viewerTimeZone: viewer });
    expect(text.headline).toBe(headline);
    expect(text.detail).toBe(detail);
    expect(text.closedNote).toBe(closedNote);
    expect(text.open).toBe(status.open);
  });
});

describe('formatServiceTime', () => {
  const at = (iso: string, now: Date, viewerTimeZone = LONDON, timeZone = LONDON) =>
    formatServiceTime(iso, { timeZone, now, viewerTimeZone });

  it.each([
    ['today: the time only', '2026-06-15T16:30:00Z', MONDAY_11, '17:30'],
    ['tomorrow: the weekday', '2026-06-16T08:00:00Z', MONDAY_11, 'Tue 09:00'],
    ['within the week: the weekday', '2026-06-21T09:00:00Z', MONDAY_11, 'Sun 10:00'],
    ['a week or more ahead: the date', '2026-06-22T08:00:00Z', MONDAY_11, 'Mon 22 Jun 09:00'],
    [
      'days count in the business zone (23:30 UTC is tomorrow in London)',
      '2026-06-15T23:30:00Z',
      MONDAY_11,
      'Tue 00:30',
    ],
    ['winter time', '2027-01-04T09:00:00Z', new Date('2026-12-20T12:00:00Z'), 'Mon 4 Jan 09:00'],
  ])('%s', (_, iso, now, expected) => {
    expect(at(iso, now)).toBe(expected);
  });

  it('names the zone when the viewer’s clock shows another time', () => {
    expect(at('2026-06-15T16:30:00Z', MONDAY_11, 'Europe/Paris')).toBe('17:30 BST');
    expect(at('2027-01-04T09:00:00Z', new Date('2027-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe(
      'Mon 09:00 GMT',
    );
    // Another zone with the same clock at that instant: nothing to add.
    expect(at('2026-06-15T16:30:00Z', MONDAY_11, 'Europe/Dublin')).toBe('17:30');
  });

  it('abbreviates zones, falling back to an offset where no name exists', () => {
    const summer = new Date('2026-07-01T12:00:00Z');
    expect(zoneAbbreviation(summer, LONDON)).toBe('BST');
    expect(zoneAbbreviation(summer, 'America/New_York')).toBe('EDT');
    expect(zoneAbbreviation(summer, 'Europe/Paris')).toBe('CEST');
    expect(zoneAbbreviation(summer, 'Asia/Kolkata')).toBe('GMT+5:30');
  });

  it('is empty for a value that is not a date', () => {
    expect(at('not a date', MONDAY_11)).toBe('');
  });
});

describe('formatWorkAhead and queueText', () => {
  it.each([
    [0, 'no work'],
    [0.4, 'about 1 min'],
    [15, 'about 15 min'],
    [59, 'about 59 min'],
    [60, 'about 1 h'],
    [135, 'about 2 h'],
    [150, 'about 3 h'],
    [Number.NaN, 'no work'],
  ])('%s minutes: %s', (minutes, text) => {
    expect(formatWorkAhead(minutes)).toBe(text);
  });

  it.each([
    [0, 'No files waiting'],
    [1, '1 file waiting'],
    [12, '12 files waiting'],
    [-3, 'No files waiting'],
  ])('queue %s: %s', (n, text) => {
    expect(queueText(n)).toBe(text);
  });
});

describe('currentStatus', () => {
  const answer = dto({
    open: true,
    closesAt: '2026-06-15T16:30:00Z',
    queueLength: 3,
    expectedOpenMinutes: 60,
    expectedReadyAt: '2026-06-15T11:00:00Z',
  });

  it('uses a fresh answer as it is', () => {
    const loadedAt = MONDAY_11.getTime();
    expect(currentStatus(answer, loadedAt, new Date(loadedAt + 60_000))).toEqual(answer);
  });

  it('works an old answer out again from its hours: open has ended at 17:30', () => {
    const loadedAt = MONDAY_11.getTime();
    // Monday 18:00 in London: closed, opens Tuesday 09:00; the hour of work ends Tuesday 10:00.
    const now = new Date('2026-06-15T17:00:00Z');
    const status = currentStatus(answer, loadedAt, now);
    expect(status.open).toBe(false);
    expect(status.closesAt).toBeNull();
    expect(status.nextOpeningAt).toBe('2026-06-16T08:00:00.000Z');
    expect(status.expectedReadyAt).toBe('2026-06-16T09:00:00.000Z');
    expect(status.queueLength).toBe(3);
    expect(describeServiceStatus(status, { now, viewerTimeZone: LONDON }).headline).toBe(
      'File service closed · opens Tue 09:00',
    );
  });
});
