/**
 * `pnpm admin:reset-password EMAIL [--password-stdin]` (in the image:
 * `node dist/reset-password-cli.mjs EMAIL`): sets a new password for the account, revokes its
 * sessions and writes an audit line. The password is read from stdin with --password-stdin,
 * otherwise generated and printed once. Opens the database the server uses (DATABASE_URL, or
 * the PGlite in DATA_DIR/pglite while no server holds it).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { emailField, passwordField } from '@ecu/shared';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { generatePassword, ResetPasswordError, resetPassword } from './reset-password';

class UsageError extends Error {}

const USAGE = 'usage: pnpm admin:reset-password EMAIL [--password-stdin]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { 'password-stdin': { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError(USAGE);
  const email = emailField.safeParse(positionals[0]);
  if (!email.success) throw new UsageError(`${email.error.issues[0]!.message}\n${USAGE}`);
  const given = values['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined;
  if (given !== undefined) {
    const checked = passwordField.safeParse(given);
    if (!checked.success) throw new UsageError(checked.error.issues[0]!.message);
  }
  const password = given ?? generatePassword();

  // `pnpm --filter @ecu/api exec` runs in api/: a relative DATA_DIR counts from where pnpm was
  // started (INIT_CWD), as for `pnpm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  if (config.databaseUrl) {
    database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, max: 2 }, { migrate: false });
  } else {
    const dataDir = path.join(config.dataDir, 'pglite');
    // PGlite lets a second process open a data dir in use and corrupt it.
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      throw new UsageError(`${dataDir} is in use: stop the server first (PGlite is one process's own).`);
    }
    if (!existsSync(dataDir)) throw new UsageError(`No database in ${dataDir}: start the portal once first.`);
    database = await openDatabase({ kind: 'pglite', dataDir }, { migrate: false });
  }
  try {
    const { sessionsRevoked } = await resetPassword(database.db, { email: email.data, password });
    console.info(
      `Password of ${email.data} reset; ${sessionsRevoked} session(s) revoked; recorded in the audit trail.`,
    );
    if (given === undefined) console.info(`New password (shown once): ${password}`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const known =
      err instanceof UsageError ||
      err instanceof ResetPasswordError ||
      err instanceof ConfigError ||
      (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'));
    console.error(known ? (err as Error).message : err);
    process.exit(known ? 2 : 1);
  },
);
