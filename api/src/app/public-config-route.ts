import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { getSettings } from '../settings/service';

/** Settings every visitor may read: support address (disabled overlay), seller block, payments mode, chat translation. */
export function publicConfigRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { db, config, logger, payments } = c.var.deps;
    const { seller, support } = await getSettings(db, config, logger);
    const { stripePublishableKey } = config;
    // What the server will actually take: the card form follows the provider in use.
    return ok(c, 'Public configuration', {
      supportEmail: support.supportEmail,
      company: { name: seller.companyName, address: seller.address, vatId: seller.vatId },
      payments:
        payments?.name === 'stripe' && stripePublishableKey
          ? { mode: 'stripe' as const, publishableKey: stripePublishableKey }
          : payments?.name === 'sandbox'
            ? { mode: 'sandbox' as const, publishableKey: null }
            : { mode: 'off' as const, publishableKey: null },
      // Whether chat messages can be translated (POST /api/chat/translate); never the provider's URL or key.
      chatTranslation: Boolean(config.translation),
    });
  });
  return app;
}
