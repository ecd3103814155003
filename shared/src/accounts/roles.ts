/**
 * The three roles (docs/decisions/086-engineers-and-internal-notes.md): customers ('user'),
 * engineers who work the queue, and admins who run the business and can do all an engineer does.
 */
export const ROLES = ['user', 'engineer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that work the desk: they see staff screens, never customer ones. */
export type StaffRole = Exclude<Role, 'user'>;

/**
 * What a staff member may touch, one name per desk:
 * - 'queue': tickets, chat, tuned uploads, the solution library, internal notes.
 * - the rest belong to the business: users, credits, prices, payments, settings, and the
 *   overview, exports and mail deliveries that read them.
 */
export const STAFF_DESKS = [
  'queue',
  'users',
  'credits',
  'prices',
  'payments',
  'settings',
  'overview',
  'exports',
  'deliveries',
] as const;
export type StaffDesk = (typeof STAFF_DESKS)[number];

const ENGINEER_DESKS: ReadonlySet<StaffDesk> = new Set(['queue']);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True for engineers and admins. */
export function isStaff(role: Role): role is StaffRole {
  return role === 'engineer' || role === 'admin';
}

/** True when an account of this role may use the desk: admins all, engineers the queue, customers none. */
export function mayUseDesk(role: Role, desk: StaffDesk): boolean {
  if (role === 'admin') return true;
  if (role === 'engineer') return ENGINEER_DESKS.has(desk);
  return false;
}

/** The words the desk shows for a role. */
export const ROLE_LABELS: Record<Role, string> = { user: 'Customer', engineer: 'Engineer', admin: 'Admin' };
