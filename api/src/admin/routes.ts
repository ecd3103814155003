import type { StaffDesk } from '@ecu/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { passGates } from '../accounts';
import { cannedReplyRoutes } from '../chat';
import { adminCreditRoutes } from '../credits';
import type { AppEnv } from '../http/context';
import { adminSettingsRoutes } from '../settings';
import { adminSolutionRoutes } from '../solutions';
import {
  adminTicketRoutes,
  assignmentRoutes,
  counterOfferDeskRoutes,
  dtcCodeRoutes,
  internalNoteRoutes,
} from '../tickets';
import { deliveryRoutes } from './deliveries/routes';
import { exportRoutes } from './exports/routes';
import { overviewRoutes } from './overview/routes';
import { adminUserRoutes } from './users/routes';

/** Where adminRoutes is mounted. */
export const ADMIN_BASE = '/api/admin';

/**
 * The calls of the queue, which engineers make too (docs/decisions/086-engineers-and-internal-notes.md):
 * tickets, tuned files, the solution library, the chat inbox, internal notes, assignment
 * (docs/decisions/087-assignment.md), canned replies (docs/decisions/088-canned-replies.md),
 * counter-offers (docs/decisions/091-counter-offers.md) and the fault-code checklist
 * (docs/decisions/092-fault-code-lists.md).
 * Every other /admin call is the
 * admin's alone, so a call added without a line here stays closed to engineers.
 */
const QUEUE_CALLS: readonly RegExp[] = [
  /^\/getAllEcuFiles$/,
  /^\/getTicketDetails\/[^/]+$/,
  /^\/reuseTunedFile$/,
  /^\/updateEcuFileStatus$/,
  /^\/uploadTunedFile$/,
  /^\/solutions(\/.*)?$/,
  /^\/tickets\/notes$/,
  /^\/tickets\/assign$/,
  /^\/tickets\/assignees$/,
  /^\/tickets\/counter-offer$/,
  /^\/tickets\/dtc-codes$/,
  /^\/software-notes$/,
  /^\/chat-inbox(\/.*)?$/,
  /^\/canned-replies(\/[^/]+)?$/,
];

/** The desk an /admin call belongs to: the queue's, or one only admins use. */
export function deskOfCall(path: string): StaffDesk {
  const call = path.startsWith(ADMIN_BASE) ? path.slice(ADMIN_BASE.length) : path;
  return QUEUE_CALLS.some((pattern) => pattern.test(call)) ? 'queue' : 'settings';
}

/** The staff gate: the usual gates, then the desk of the call (shared's mayUseDesk). */
function staffGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    passGates(c.var.user, { desk: deskOfCall(c.req.path) });
    await next();
  };
}

/** The /admin/* calls (docs/product.md#13-the-http-api) and the desk's own, behind the staff gate. */
export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', staffGate());

  app.route('/', adminUserRoutes());
  app.route('/', adminCreditRoutes());
  app.route('/', adminTicketRoutes());
  app.route('/', internalNoteRoutes());
  app.route('/', cannedReplyRoutes());
  app.route('/', assignmentRoutes());
  app.route('/', counterOfferDeskRoutes());
  app.route('/', dtcCodeRoutes());
  app.route('/', adminSettingsRoutes());
  app.route('/', adminSolutionRoutes());
  app.route('/', overviewRoutes());
  app.route('/', exportRoutes());
  app.route('/', deliveryRoutes());

  return app;
}
