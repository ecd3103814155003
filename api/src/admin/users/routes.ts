import { listQuerySchema, updateUserRoleSchema, userIdSchema, userPageListQuerySchema } from '@ecu/shared';
import { type Context, Hono } from 'hono';
import { currentUser, getUserById, toUserDto } from '../../accounts';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { jsonBody, parseWith } from '../../http/validate';
import { setUserDisabled } from '../user-status';
import { changeUserRole } from './change-user-role';
import { deleteUser } from './delete-user';
import { resendVerification } from './resend-verification';
import { listUsers, type UserListFilter } from './user-lists';
import {
  ledgerPage,
  type Page,
  type PageParams,
  paymentsPage,
  ticketsPage,
  userAuditPage,
  userPage,
} from './user-page';

const LISTS: [path: string, filter: UserListFilter, message: string][] = [
  ['/getAllUsers', 'all', 'Users'],
  ['/getAllDisabledUsers', 'disabled', 'Disabled users'],
  ['/getAllUnverifiedUsers', 'unverified', 'Unverified users'],
];

type PageLoader = (db: Db, params: PageParams) => Promise<Page<unknown>>;

/** The user's page's lists, each paged on by GET /users/:userId/<name>. */
const USER_PAGE_LISTS: [name: string, message: string, load: PageLoader][] = [
  ['ledger', 'Ledger', ledgerPage],
  ['payments', 'Payments', paymentsPage],
  ['tickets', 'Tickets', ticketsPage],
  ['audit', 'Audit trail', userAuditPage],
];

/** The :userId of a path, checked like a body's userId (400 when malformed). */
function userIdParam(c: Context<AppEnv>): string {
  return parseWith(userIdSchema, { userId: c.req.param('userId') }).userId;
}

/** User management (mounted under /api/admin behind the admin gate). */
export function adminUserRoutes() {
  const app = new Hono<AppEnv>();

  for (const [path, filter, message] of LISTS) {
    app.get(path, async (c) => {
      const { limit, cursor, q } = parseWith(listQuerySchema, c.req.query());
      const { rows, nextCursor } = await listUsers(c.var.deps.db, { filter, limit, cursor, q });
      return c.json({ success: true, message, data: rows.map(toUserDto), nextCursor });
    });
  }

  app.put('/updateUserRole', async (c) => {
    const { userId, role } = await jsonBody(c, updateUserRoleSchema);
    const row = await changeUserRole(c.var.deps.db, { actorId: currentUser(c).id, userId, role });
    return ok(c, 'User role updated successfully', toUserDto(row));
  });

  app.post('/disableUser', async (c) => {
    const { userId } = await jsonBody(c, userIdSchema);
    await setUserDisabled(c.var.deps.db, { actorId: currentUser(c).id, userId, disabled: true });
    return ok(c, 'User disabled successfully', null);
  });

  app.post('/activeUser', async (c) => {
    const { userId } = await jsonBody(c, userIdSchema);
    await setUserDisabled(c.var.deps.db, { actorId: currentUser(c).id, userId, disabled: false });
    return ok(c, 'User activated successfully', null);
  });

  app.post('/deleteUser', async (c) => {
    const { userId } = await jsonBody(c, userIdSchema);
    await deleteUser(c.var.deps.db, { actorId: currentUser(c).id, userId });
    return ok(c, 'User deleted successfully', null);
  });

  app.post('/resendVerification', async (c) => {
    const { userId } = await jsonBody(c, userIdSchema);
    await resendVerification(c.var.deps, { actorId: currentUser(c).id, userId });
    return ok(c, 'Verification email sent successfully!', null);
  });

  app.get('/users/:userId', async (c) => {
    const page = await userPage(c.var.deps, userIdParam(c));
    if (!page) throw notFound('User not found');
    return ok(c, 'User', page);
  });

  for (const [name, message, load] of USER_PAGE_LISTS) {
    app.get(`/users/:userId/${name}`, async (c) => {
      const userId = userIdParam(c);
      const { limit, cursor } = parseWith(userPageListQuerySchema, c.req.query());
      const { db } = c.var.deps;
      // Unknown accounts answer 404, as the page does; deleted ones keep their history.
      if (!(await getUserById(db, userId))) throw notFound('User not found');
      const { rows, nextCursor } = await load(db, { userId, limit, cursor });
      return c.json({ success: true, message, data: rows, nextCursor });
    });
  }

  return app;
}
