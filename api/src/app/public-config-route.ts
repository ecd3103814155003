import { Hono } from 'hono';
import { ok } from '../http/envelope';
import { getSettings } from '../settings/service';
import type { AppEnv } from './context';

/** Settings every visitor may read: support address (disabled overlay), seller block, payments mode. */
export function publicConfigRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { db, config, logger } = c.var.deps;
    const { seller, support } = await getSettings(db, config, logger);
    const { stripePublishableKey } = config;
    return ok(c, 'Public configuration', {
      supportEmail: support.supportEmail,
      company: { name: seller.companyName, address: seller.address, vatId: seller.vatId },
      payments: stripePublishableKey
        ? { mode: 'stripe' as const, publishableKey: stripePublishableKey }
        : { mode: 'sandbox' as const, publishableKey: null },
    });
  });
  return app;
}
