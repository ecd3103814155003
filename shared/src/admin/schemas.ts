import { z } from 'zod';
import { ROLES } from '../accounts/roles';

/** Payload of /admin/disableUser, /admin/activeUser, /admin/deleteUser and /admin/resendVerification. */
export const userIdSchema = z.object({
  userId: z
    .string({ error: 'userId is required' })
    .trim()
    .min(1, 'userId is required')
    .max(64, 'userId is too long'),
});
export type UserIdInput = z.infer<typeof userIdSchema>;

/** PUT /admin/updateUserRole. */
export const updateUserRoleSchema = userIdSchema.extend({
  role: z.enum(ROLES, { error: 'role must be user, engineer or admin' }),
});
export type UpdateUserRoleInput = z.infer<typeof updateUserRoleSchema>;

/**
 * GET /admin/users/:userId/{ledger,payments,tickets,audit}: the pages after the first one the
 * user's page opens with (20 rows); `cursor` is the list's nextCursor.
 */
export const userPageListQuerySchema = z.object({
  limit: z.coerce.number().int('limit must be a whole number').min(1).max(200).default(20),
  cursor: z.string().trim().max(200).optional(),
});
export type UserPageListQuery = z.infer<typeof userPageListQuerySchema>;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date like 2026-01-31', abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Use a real calendar date');

/**
 * A date range in the business's time zone, both days included: the Overview period and the
 * CSV exports. Without `from`, the range starts 29 days before `to`; without `to`, it ends today.
 */
export const dateRangeQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, {
    message: 'The start date must be on or before the end date',
    path: ['from'],
  })
  .refine(
    (r) =>
      !r.from ||
      !r.to ||
      Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`) <= 731 * 86_400_000,
    { message: 'Choose a range of at most two years', path: ['to'] },
  );
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;
