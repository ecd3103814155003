import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS } from '../settings/working-hours';
import {
  DEFAULT_ESCALATION_SETTINGS,
  escalationSettingsSchema,
  type OverdueInput,
  overdueChecks,
  overdueMinutes,
} from './escalation';

// Europe/London, Mon-Fri 09:00-17:30, Sat 10:00-14:00. 2026-06-01 is a Monday (BST, UTC+1).
const at = (local: string) => new Date(`${local}+01:00`);
const settings = { pendingMinutes: 30, inProgressMinutes: 240, unansweredMinutes: 15 };

const base: OverdueInput = {
  settings,
  hours: DEFAULT_WORKING_HOURS,
  now: at('2026-06-01T10:00:00'),
  status: 'Pending',
  statusSince: at('2026-06-01T09:00:00'),
  unansweredSince: null,
};

describe('overdueMinutes', () => {
  it.each<[string, Partial<OverdueInput>, number | null]>([
    ['Pending an hour inside hours: 30 over', {}, 30],
    ['Pending exactly the threshold: not over', { now: at('2026-06-01T09:30:00') }, null],
    ['Pending 31 minutes: 1 over', { now: at('2026-06-01T09:31:00') }, 1],
    [
      'Pending since before opening counts from 09:00',
      { statusSince: at('2026-06-01T07:00:00'), now: at('2026-06-01T09:40:00') },
      10,
    ],
    [
      'overnight closed time does not count',
      { statusSince: at('2026-06-01T17:20:00'), now: at('2026-06-02T09:25:00') },
      5,
    ],
    [
      'a Sunday does not count (Sat 13:50 to Mon 09:30 = 40 open minutes)',
      { statusSince: at('2026-06-06T13:50:00'), now: at('2026-06-08T09:30:00') },
      10,
    ],
    [
      'a weekend wait alone is never overdue',
      { statusSince: at('2026-06-06T15:00:00'), now: at('2026-06-07T20:00:00') },
      null,
    ],
    ['In Progress uses its own threshold', { status: 'In Progress', now: at('2026-06-01T13:30:00') }, 30],
    [
      'Completed is never overdue for its status',
      { status: 'Completed', now: at('2026-06-01T17:00:00') },
      null,
    ],
    [
      'an unanswered message past 15 minutes',
      { status: 'Completed', unansweredSince: at('2026-06-01T09:40:00') },
      5,
    ],
    ['the larger of status and message', { unansweredSince: at('2026-06-01T09:00:00') }, 45],
    [
      'thresholds off (0) are never overdue',
      { settings: DEFAULT_ESCALATION_SETTINGS, unansweredSince: at('2026-06-01T09:00:00') },
      null,
    ],
    ['only the Pending threshold off', { settings: { ...settings, pendingMinutes: 0 } }, null],
    [
      'an open counter-offer stops the clock (20 of the 60 minutes awaiting the customer)',
      { pausedSpans: [{ from: at('2026-06-01T09:40:00'), to: null }] },
      10,
    ],
    [
      'an answered counter-offer: only its span is not counted',
      { pausedSpans: [{ from: at('2026-06-01T09:10:00'), to: at('2026-06-01T09:25:00') }] },
      15,
    ],
    [
      'a span from before the status entry counts only from the entry',
      { pausedSpans: [{ from: at('2026-06-01T08:00:00'), to: at('2026-06-01T09:20:00') }] },
      10,
    ],
    [
      'an offer open the whole time: never overdue for its status',
      { pausedSpans: [{ from: at('2026-06-01T09:00:00'), to: null }] },
      null,
    ],
    [
      'the unanswered-message clock is not paused',
      {
        status: 'Completed',
        unansweredSince: at('2026-06-01T09:40:00'),
        pausedSpans: [{ from: at('2026-06-01T09:00:00'), to: null }],
      },
      5,
    ],
  ])('%s', (_, patch, expected) => {
    expect(overdueMinutes({ ...base, ...patch })).toBe(expected);
  });
});

describe('overdueChecks stages', () => {
  it.each<[string, string, 1 | 2]>([
    ['just over: the assignee', '2026-06-01T09:31:00', 1],
    ['one short of another full threshold', '2026-06-01T09:59:00', 1],
    ['another full threshold: the admins', '2026-06-01T10:00:00', 2],
  ])('%s', (_, now, stage) => {
    const [c] = overdueChecks({ ...base, now: at(now) });
    expect(c).toMatchObject({ reason: 'status', stage, threshold: 30 });
  });
});

describe('escalationSettingsSchema', () => {
  it.each<[unknown, boolean]>([
    [{ pendingMinutes: 0, inProgressMinutes: 0, unansweredMinutes: 0 }, true],
    [{ pendingMinutes: '30', inProgressMinutes: 240, unansweredMinutes: 15 }, true],
    [{ pendingMinutes: -1, inProgressMinutes: 0, unansweredMinutes: 0 }, false],
    [{ pendingMinutes: 1.5, inProgressMinutes: 0, unansweredMinutes: 0 }, false],
    [{ pendingMinutes: 43_201, inProgressMinutes: 0, unansweredMinutes: 0 }, false],
    [{ pendingMinutes: 'soon', inProgressMinutes: 0, unansweredMinutes: 0 }, false],
    [{ pendingMinutes: 30 }, false],
  ])('%j valid: %s', (value, valid) => {
    expect(escalationSettingsSchema.safeParse(value).success).toBe(valid);
  });
});
