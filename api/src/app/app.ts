import { Hono } from 'hono';
import { AUTH_BASE_PATH } from '../accounts/auth-settings';
import { loadUser } from '../accounts/gates';
import { accountRoutes } from '../accounts/routes';
import { readSessionWithoutToken } from '../accounts/session-read';
import { sessionResolver } from '../accounts/session-resolve';
import { adminRoutes } from '../admin/routes';
import { createChat } from '../chat';
import { paymentRoutes } from '../credits/routes';
import { pingDatabase } from '../db/client';
import { notFound, RETRY_AFTER_SECONDS } from '../http/app-error';
import { jsonBodiesOnly, limitBody } from '../http/body-limit';
import type { AppDeps, AppEnv } from '../http/context';
import { failure } from '../http/envelope';
import { onError } from '../http/on-error';
import { originCheck } from '../http/origin-check';
import { beforeReadRetry, readRetried, retriesRead } from '../http/read-retry';
import type { RequestSettings } from '../http/request-listener';
import { securityHeaders } from '../http/security-headers';
import { mountMetrics } from '../metrics';
import { notificationRoutes } from '../notifications';
import { BUILD_INFO } from '../platform/version';
import { serviceStatusRoutes } from '../settings/routes';
import { syncRoutes } from '../sync/routes';
import { fileRoutes } from '../tickets/file-routes';
import { ticketRoutes } from '../tickets/routes';
import { createTranslator, translationRoutes } from '../translation';
import { uploadRoutes } from '../uploads/routes';
import { createTusServer, UPLOADS_PATH } from '../uploads/tus-server';
import { publicConfigRoutes } from './public-config-route';
import { mountWeb } from './static-web';

export const JSON_BODY_LIMIT = 1024 * 1024;
const FILE_ROUTES = new Set([
  '/api/ecuFile/create-ecuFile',
  '/api/admin/uploadTunedFile',
  '/api/admin/solutions/upload',
]);

/** The answers of health, made once: a load balancer polls it all day. With the version and commit. */
const HEALTHY = JSON.stringify({ success: true, message: 'OK', data: { db: 'ok', ...BUILD_INFO } });
const UNREACHABLE = JSON.stringify(failure('Database unreachable', [], 'unavailable'));
const RETRY_LATER = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
const JSON_TYPE = { 'content-type': 'application/json' };

/** The whole HTTP surface on one origin: API under /api, the PWA everywhere else. */
export function createApp(deps: AppDeps, options: { webDir?: string } = {}) {
  const app = new Hono<AppEnv>();
  const tus = createTusServer({
    db: deps.db,
    storage: deps.storage,
    dataDir: deps.config.dataDir,
    logger: deps.logger,
    trustProxy: deps.config.trustProxy,
    datastore: deps.uploadStore,
    redis: deps.redis,
  });
  const chat = createChat(deps);
  app.onError(onError(deps.logger));
  // First: the route pattern of every answer, for the counts of the metrics' observer.
  mountMetrics(app, deps, { chatSockets: () => chat.hub.openSockets, uploadsPath: UPLOADS_PATH });
  // Security headers, request ids, no-store and the access log are set around the app, on
  // Node's response (api/src/http/request-listener.ts): these are its settings.
  const basics: RequestSettings = {
    logger: deps.logger,
    headers: securityHeaders({ stripe: Boolean(deps.config.stripe) }),
    ...(deps.metrics ? { observe: deps.metrics.observe } : {}),
  };
  app.use('*', (c, next) => {
    c.set('deps', deps);
    return next();
  });
  // A read that lost the database's connection runs once more (docs/decisions/071-faults-answer-503-and-507.md).
  app.use(
    '/api/*',
    readRetried(() => app.fetch),
  );

  // What a load balancer polls: one `select 1`, before the origin check and the session read.
  app.get('/api/health', async (c) => {
    try {
      // It answers 503 itself, so the read retry above never sees its error: it retries here.
      await pingDatabase(deps.db).catch((err: unknown) => {
        if (!retriesRead('GET', err)) throw err;
        return beforeReadRetry().then(() => pingDatabase(deps.db));
      });
    } catch (err) {
      deps.logger.error('Health check: database unreachable', err);
      return c.body(UNREACHABLE, 503, { ...JSON_TYPE, ...RETRY_LATER });
    }
    return c.body(HEALTHY, 200, JSON_TYPE);
  });

  app.use('/api/*', originCheck(deps.config.trustedOrigins));
  const jsonLimit = limitBody(JSON_BODY_LIMIT, 'The request is too large');
  const jsonOnly = jsonBodiesOnly();
  // Uploads stream (tus) or carry files (multipart routes with limits of their own); the
  // JSON form of those routes has the JSON limit like any other call.
  app.use('/api/*', (c, next) => {
    const carriesFiles =
      FILE_ROUTES.has(c.req.path) && (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
    if (c.req.path.startsWith(UPLOADS_PATH) || carriesFiles) return next();
    return jsonOnly(c, async () => {
      await jsonLimit(c, next);
    });
  });
  app.use('/api/*', loadUser(sessionResolver(deps.auth, deps.db, deps.config)));

  // Of better-auth's own endpoints only the session read is served over HTTP. The others
  // (sign-in, sign-up, OTP sign-in, password reset...) would skip the rate limits, rules and
  // mails of our /api/auth/* calls (docs/product.md#13-the-http-api), which use better-auth
  // through auth.api instead.
  app.get(`${AUTH_BASE_PATH}/get-session`, (c) => readSessionWithoutToken(deps.auth, c));

  app.route('/api/auth', accountRoutes());
  app.route('/api/sync', syncRoutes());
  app.route('/api/public-config', publicConfigRoutes());
  app.route('/api/service-status', serviceStatusRoutes());
  app.route(UPLOADS_PATH, uploadRoutes(tus));
  app.route('/api/ecuFile', ticketRoutes());
  app.route('/api/files', fileRoutes());
  app.route('/api/payment', paymentRoutes());
  app.route('/api/chat/translate', translationRoutes(createTranslator(deps.config.translation)));
  app.route('/api/chat', chat.routes);
  app.route('/api/admin/chat-inbox', chat.inboxRoutes);
  app.route('/api/admin', adminRoutes());
  app.route('/api/notifications', notificationRoutes());

  app.all('/api/*', () => {
    throw notFound('No such API endpoint');
  });

  if (options.webDir) mountWeb(app, options.webDir);
  return Object.assign(app, { tus, chat, basics });
}

export type App = ReturnType<typeof createApp>;
