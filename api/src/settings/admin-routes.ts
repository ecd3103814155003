import { type AdminSettingsDto, updateSettingsSchema } from '@ecu/shared';
import { type Context, Hono } from 'hono';
import { currentUser } from '../accounts';
import { auditTrail } from '../admin';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/validate';
import { getSettings, updateSettings } from './service';

/** How many of the latest settings changes the page shows. */
const HISTORY_LIMIT = 50;

async function settingsDto(c: Context<AppEnv>): Promise<AdminSettingsDto> {
  const { db, config, logger } = c.var.deps;
  const [current, history] = await Promise.all([
    getSettings(db, config, logger),
    auditTrail(db, { targetType: 'settings', limit: HISTORY_LIMIT }),
  ]);
  return { settings: current, history: history.rows };
}

/** GET and PUT /api/admin/settings (mounted behind the admin gate). */
export function adminSettingsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/settings', async (c) => ok(c, 'Settings', await settingsDto(c)));

  app.put('/settings', async (c) => {
    const input = await jsonBody(c, updateSettingsSchema);
    const { db, config } = c.var.deps;
    await updateSettings(db, config, currentUser(c), input);
    return ok(c, 'Settings saved', await settingsDto(c));
  });

  return app;
}
