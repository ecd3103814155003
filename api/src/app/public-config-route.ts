import { Hono } from 'hono';
import { ok } from '../http/envelope';
import type { AppEnv } from './context';

/** Settings every visitor may read: support address (disabled overlay), seller block, payments mode. */
export function publicConfigRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => {
    const { company, stripePublishableKey } = c.var.deps.config;
    return ok(c, 'Public configuration', {
      supportEmail: company.supportEmail,
      company: { name: company.name, address: company.address, vatId: company.vatId },
      payments: stripePublishableKey
        ? { mode: 'stripe' as const, publishableKey: stripePublishableKey }
        : { mode: 'sandbox' as const, publishableKey: null },
    });
  });
  return app;
}
