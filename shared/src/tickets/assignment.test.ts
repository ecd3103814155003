import { describe, expect, it } from 'vitest';
import type { WorkingHours } from '../settings/working-hours';
import {
  type AssignmentCandidate,
  assigneeRefusal,
  assignmentRefusal,
  assignmentSettingsSchema,
  assignTicketSchema,
  pickAssignee,
} from './assignment';

const always: WorkingHours = {
  timeZone: 'UTC',
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
  holidays: [],
};
const never: WorkingHours = { timeZone: 'UTC', week: [], holidays: [] };
const now = new Date('2026-12-02T12:00:00Z');

const eng = (
  id: string,
  openTickets: number,
  more: Partial<AssignmentCandidate> = {},
): AssignmentCandidate => ({
  id,
  role: 'engineer',
  disabled: false,
  openTickets,
  ...more,
});

describe('pickAssignee', () => {
  const on = { automaticAssignment: true, openTicketLimit: 3 };
  it.each<[string, AssignmentCandidate[], typeof on, WorkingHours, string | null]>([
    ['the least loaded engineer', [eng('a', 2), eng('b', 0), eng('c', 1)], on, always, 'b'],
    ['ties go to the smallest id', [eng('c', 1), eng('b', 1)], on, always, 'b'],
    ['nobody at or over the limit', [eng('a', 3), eng('b', 4)], on, always, null],
    ['under the limit beats fewer over it', [eng('a', 3), eng('b', 2)], on, always, 'b'],
    ['admins are not picked', [eng('a', 0, { role: 'admin' }), eng('b', 2)], on, always, 'b'],
    ['customers are not picked', [eng('a', 0, { role: 'user' })], on, always, null],
    ['disabled engineers are not picked', [eng('a', 0, { disabled: true }), eng('b', 1)], on, always, 'b'],
    ['off: nobody', [eng('a', 0)], { ...on, automaticAssignment: false }, always, null],
    ['desk closed: nobody is on shift', [eng('a', 0)], on, never, null],
    ['no engineers: nobody', [], on, always, null],
    [
      'limit 1 with an empty engineer',
      [eng('a', 1), eng('b', 0)],
      { ...on, openTicketLimit: 1 },
      always,
      'b',
    ],
  ])('%s', (_name, candidates, settings, hours, expected) => {
    expect(pickAssignee(candidates, settings, hours, now)).toBe(expected);
  });
});

describe('assigneeRefusal', () => {
  it.each([
    [undefined, 'No such account'],
    [{ role: 'user' as const, disabled: false }, 'Tickets go to engineers or admins, not to customers'],
    [{ role: 'engineer' as const, disabled: true }, 'This account is disabled'],
    [{ role: 'engineer' as const, disabled: false }, null],
    [{ role: 'admin' as const, disabled: false }, null],
  ])('%o -> %s', (account, expected) => {
    expect(assigneeRefusal(account)).toBe(expected);
  });
});

describe('assignment schemas', () => {
  it.each([
    [{ ticketNumber: 100001, userId: 'abc' }, true],
    [{ ticketNumber: 100001, userId: null }, true],
    [{ ticketNumber: 100001 }, false],
    [{ ticketNumber: 100001, userId: '' }, false],
    [{ ticketNumber: 'x', userId: null }, false],
  ])('assign %o valid=%s', (input, valid) => {
    expect(assignTicketSchema.safeParse(input).success).toBe(valid);
  });

  it.each([
    [{ automaticAssignment: true, openTicketLimit: 5 }, true],
    [{ automaticAssignment: false, openTicketLimit: '7' }, true],
    [{ automaticAssignment: true, openTicketLimit: 0 }, false],
    [{ automaticAssignment: true, openTicketLimit: 2.5 }, false],
    [{ automaticAssignment: 'yes', openTicketLimit: 5 }, false],
  ])('settings %o valid=%s', (input, valid) => {
    expect(assignmentSettingsSchema.safeParse(input).success).toBe(valid);
  });
});

describe('assignmentRefusal', () => {
  const admin = { id: 'adm', role: 'admin' as const };
  const me = { id: 'me', role: 'engineer' as const };
  const customer = { id: 'cus', role: 'user' as const };
  it.each<
    [string, { id: string; role: 'admin' | 'engineer' | 'user' }, string | null, string | null, boolean]
  >([
    ['admin assigns anyone', admin, 'other', 'me', true],
    ['admin unassigns anyone', admin, 'other', null, true],
    ['engineer takes an unassigned ticket', me, null, 'me', true],
    ['engineer takes their own again', me, 'me', 'me', true],
    ['engineer lets go of their own', me, 'me', null, true],
    ['engineer unassigns an unassigned ticket', me, null, null, true],
    ['engineer does not take another’s', me, 'other', 'me', false],
    ['engineer does not give to another', me, null, 'other', false],
    ['engineer does not unassign another’s', me, 'other', null, false],
    ['customers never assign', customer, null, 'cus', false],
  ])('%s', (_name, actor, current, target, allowed) => {
    expect(assignmentRefusal(actor, current, target) === null).toBe(allowed);
  });
});
