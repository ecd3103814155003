import { z } from 'zod';

/** Payload of /admin/disableUser, /admin/activeUser and /admin/deleteUser. */
export const userIdSchema = z.object({
  userId: z
    .string({ error: 'userId is required' })
    .trim()
    .min(1, 'userId is required')
    .max(64, 'userId is too long'),
});
export type UserIdInput = z.infer<typeof userIdSchema>;
