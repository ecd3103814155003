import {
  notificationChoicesSchema,
  type PushPublicKeyDto,
  pushSubscriptionSchemaFor,
  pushUnsubscribeSchema,
} from '@ecu/shared';
import { Hono } from 'hono';
import { currentUser, requireAccount } from '../accounts';
import { AppError, badRequest, conflict, notFound } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/validate';
import { choicesOf, removeOwnSubscription, saveChoices, saveSubscription } from './store';

/** /api/notifications: this device's push subscription and the person's choices. */
export function notificationRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', requireAccount());

  app.get('/public-key', (c) => {
    const dto: PushPublicKeyDto = { publicKey: c.var.deps.notifications.publicKey };
    return ok(c, 'Push public key', dto);
  });

  app.post('/subscription', async (c) => {
    const { config, db, notifications } = c.var.deps;
    if (!notifications.publicKey) {
      throw new AppError('unavailable', 'Push notifications are not set up on this server; e-mail is used');
    }
    // A test acts as the push service over plain HTTP on loopback; production takes https only.
    const schema = pushSubscriptionSchemaFor({ allowLoopbackHttp: config.nodeEnv !== 'production' });
    const input = await jsonBody(c, schema);
    const problem = await notifications.endpointProblem(input.endpoint);
    if (problem) {
      const message = `endpoint is not a push service: ${problem}`;
      throw badRequest(message, [{ path: 'endpoint', message }]);
    }
    const saved = await saveSubscription(db, currentUser(c).id, input, c.req.header('user-agent') ?? '');
    if (!saved) {
      throw conflict('This push endpoint belongs to another account; turn notifications off and on again');
    }
    return ok(c, 'Push notifications are on for this device', { endpoint: input.endpoint }, 201);
  });

  app.delete('/subscription', async (c) => {
    const { endpoint } = await jsonBody(c, pushUnsubscribeSchema);
    // Someone else's endpoint answers exactly like an unknown one.
    if (!(await removeOwnSubscription(c.var.deps.db, currentUser(c).id, endpoint))) {
      throw notFound('No such push subscription on your account');
    }
    return ok(c, 'Push notifications are off for this device', { endpoint });
  });

  app.get('/preferences', async (c) => {
    return ok(c, 'Notification choices', await choicesOf(c.var.deps.db, currentUser(c).id));
  });

  app.put('/preferences', async (c) => {
    const choices = await jsonBody(c, notificationChoicesSchema);
    await saveChoices(c.var.deps.db, currentUser(c).id, choices);
    return ok(c, 'Notification choices saved', choices);
  });

  return app;
}
