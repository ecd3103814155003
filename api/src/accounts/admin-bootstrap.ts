import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../app/context';
import { users } from '../db/schema';
import { getUserByEmail } from './queries';

export const GENERATED_ADMIN_EMAIL = 'admin@ecu-portal.local';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: make sure that admin exists, onboarded and verified.
 * Neither set and no admin at all: create one and print its password once.
 */
export async function ensureAdmin(deps: Pick<AppDeps, 'config' | 'db' | 'auth' | 'logger'>): Promise<void> {
  const { config, db, auth, logger } = deps;
  let email = config.admin?.email;
  let password = config.admin?.password;
  if (!email) {
    const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (anyAdmin) return;
    email = GENERATED_ADMIN_EMAIL;
    password = randomBytes(12).toString('base64url');
    if (await getUserByEmail(db, email)) return;
  }
  let user = await getUserByEmail(db, email);
  if (!user) {
    await auth.api.signUpEmail({ body: { email, password: password!, name: 'Admin' } });
    user = await getUserByEmail(db, email);
    if (!config.admin) {
      // Shown whatever LOG_LEVEL says (but silent): it is printed this once and never again.
      logger.notice(
        `[admin] created ${email} with password ${password} (shown once: sign in and keep it safe)`,
      );
    } else {
      logger.info(`[admin] created ${email} from ADMIN_EMAIL`);
    }
  }
  if (!user) throw new Error(`Could not create the admin ${email}`);
  if (user.role !== 'admin' || !user.onBoarded || !user.emailVerified || user.disabled) {
    await db
      .update(users)
      .set({
        role: 'admin',
        onBoarded: true,
        emailVerified: true,
        disabled: false,
        firstName: user.firstName || 'Portal',
        lastName: user.lastName || 'Admin',
        country: user.country || 'GB',
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
  }
}
