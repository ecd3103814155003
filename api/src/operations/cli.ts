// What the backup and restore entries share: the configuration they read, and how they end.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { OperationError, type OperationTarget, operationTarget } from './backup';

export class UsageError extends Error {}

/**
 * The server's own configuration (DATA_DIR, DATABASE_URL/DATABASE_OWNER_URL, S3_*), and `file`
 * resolved where pnpm was started. Without AUTH_SECRET, loadConfig would write a new secret into
 * DATA_DIR: a restore (whose target must be empty) takes the archive's instead.
 */
export function targetFromEnvironment(file: string | undefined, options: { restoring: boolean }) {
  // `pnpm --filter @ecu/api exec` runs in api/: relative paths count from where pnpm was started
  // (INIT_CWD), as for `pnpm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const env = { ...process.env };
  if (options.restoring && !env.AUTH_SECRET) env.AUTH_SECRET = randomBytes(32).toString('base64url');
  const target: OperationTarget = operationTarget(loadConfig(env));
  return { target, file: file === undefined ? undefined : path.resolve(file) };
}

/** Exit 0; 2 with a refusal or a usage error, printed as it is; 1 with anything else. */
export function endWith(run: Promise<void>): void {
  // Node ends a process whose event loop empties with code 0, awaited work or not: never say done then.
  process.once('beforeExit', () => {
    console.error('Stopped before finishing: nothing was left to wait for.');
    process.exit(1);
  });
  run.then(
    () => process.exit(0),
    (err: unknown) => {
      const known =
        err instanceof UsageError ||
        err instanceof OperationError ||
        err instanceof ConfigError ||
        (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'));
      console.error(known ? (err as Error).message : err);
      process.exit(known ? 2 : 1);
    },
  );
}
