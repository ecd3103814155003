import { describe, expect, it } from 'vitest';
import { isRole, isStaff, mayUseDesk, ROLES, type Role, STAFF_DESKS, type StaffDesk } from './roles';

/** Who may use which desk: every role against every desk. */
const DESKS: Record<StaffDesk, Record<Role, boolean>> = {
  queue: { user: false, engineer: true, admin: true },
  users: { user: false, engineer: false, admin: true },
  credits: { user: false, engineer: false, admin: true },
  prices: { user: false, engineer: false, admin: true },
  payments: { user: false, engineer: false, admin: true },
  settings: { user: false, engineer: false, admin: true },
  overview: { user: false, engineer: false, admin: true },
  exports: { user: false, engineer: false, admin: true },
  deliveries: { user: false, engineer: false, admin: true },
};

describe('mayUseDesk', () => {
  const rows = STAFF_DESKS.flatMap((desk) => ROLES.map((role) => [desk, role, DESKS[desk][role]] as const));
  it.each(rows)('%s as %s -> %s', (desk, role, allowed) => {
    expect(mayUseDesk(role, desk)).toBe(allowed);
  });

  it('an admin can do all an engineer does', () => {
    for (const desk of STAFF_DESKS)
      if (mayUseDesk('engineer', desk)) expect(mayUseDesk('admin', desk)).toBe(true);
  });
});

describe('isStaff and isRole', () => {
  it.each([
    ['user', false],
    ['engineer', true],
    ['admin', true],
  ] as const)('isStaff(%s) -> %s', (role, staff) => {
    expect(isStaff(role)).toBe(staff);
  });

  it.each([
    ['engineer', true],
    ['admin', true],
    ['user', true],
    ['Admin', false],
    ['', false],
    [undefined, false],
  ])('isRole(%s) -> %s', (value, ok) => {
    expect(isRole(value)).toBe(ok);
  });
});
