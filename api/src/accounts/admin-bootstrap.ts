import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../app/context';
import { STARTUP_LOCKS, withStartupLock } from '../db/client';
import { users } from '../db/schema';
import { createCredentialUser, getUserByEmail } from './queries';

export const GENERATED_ADMIN_EMAIL = 'admin@ecu-portal.local';

type BootstrapDeps = Pick<AppDeps, 'config' | 'db' | 'logger'>;

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: make sure that admin exists, onboarded and verified.
 * Neither set and no admin at all: create one and print its password once (in production
 * into DATA_DIR/admin-password instead: no secret in production logs). Under a database lock:
 * processes starting together create one admin (docs/decisions/026-several-processes.md).
 */
export function ensureAdmin(deps: BootstrapDeps): Promise<void> {
  return withStartupLock(deps.db, STARTUP_LOCKS.adminBootstrap, () => ensureAdminNow(deps));
}

async function announceGenerated(deps: BootstrapDeps, email: string, password: string): Promise<void> {
  const { config, logger } = deps;
  if (config.nodeEnv === 'production') {
    const file = path.join(config.dataDir, 'admin-password');
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, `${email} ${password}\n`, { mode: 0o600 });
    logger.notice(`[admin] created ${email}; its password is in ${file} (sign in, then delete the file)`);
    return;
  }
  // Shown whatever LOG_LEVEL says (but silent): it is printed this once and never again.
  logger.notice(`[admin] created ${email} with password ${password} (shown once: sign in and keep it safe)`);
}

async function ensureAdminNow(deps: BootstrapDeps): Promise<void> {
  const { config, db, logger } = deps;
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
    await createCredentialUser(db, { email, password: password!, name: 'Admin' });
    user = await getUserByEmail(db, email);
    if (!config.admin) {
      await announceGenerated(deps, email, password!);
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
