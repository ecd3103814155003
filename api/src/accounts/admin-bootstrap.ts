import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { STARTUP_LOCKS, withStartupLock } from '../db/client';
import { users } from '../db/schema';
import type { AppDeps } from '../http/context';
import { createCredentialUser, getUserByEmail } from './queries';

export const GENERATED_ADMIN_EMAIL = 'admin@ecu-portal.local';

type BootstrapDeps = Pick<AppDeps, 'config' | 'db' | 'logger'>;

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: create that admin, onboarded and verified, when no account has
 * that e-mail. An account that has it is never touched: someone may have signed up with it
 * before the first start, and an admin may have demoted or disabled it since; the start says so
 * in a warning unless it is an active admin (a forgotten password: `pnpm admin:reset-password`).
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
  if (config.admin) {
    const { email, password } = config.admin;
    const existing = await getUserByEmail(db, email);
    if (existing) {
      const active =
        existing.role === 'admin' && !existing.disabled && existing.emailVerified && existing.onBoarded;
      if (!active) {
        logger.warn(
          `[admin] ADMIN_EMAIL ${email} belongs to an existing account that is not an active admin: left as it is (an admin can promote it on the admin desk)`,
        );
      }
      return;
    }
    await createAdmin(db, email, password);
    logger.info(`[admin] created ${email} from ADMIN_EMAIL`);
    return;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return;
  if (await getUserByEmail(db, GENERATED_ADMIN_EMAIL)) return;
  const password = randomBytes(12).toString('base64url');
  await createAdmin(db, GENERATED_ADMIN_EMAIL, password);
  await announceGenerated(deps, GENERATED_ADMIN_EMAIL, password);
}

/** A new account, made an onboarded and verified admin: only ever one this start created. */
async function createAdmin(db: BootstrapDeps['db'], email: string, password: string): Promise<void> {
  await createCredentialUser(db, { email, password, name: 'Portal Admin' });
  const [made] = await db
    .update(users)
    .set({
      role: 'admin',
      onBoarded: true,
      emailVerified: true,
      firstName: 'Portal',
      lastName: 'Admin',
      country: 'GB',
      updatedAt: sql`now()`,
    })
    .where(eq(users.email, email.toLowerCase()))
    .returning({ id: users.id });
  if (!made) throw new Error(`Could not create the admin ${email}`);
}
