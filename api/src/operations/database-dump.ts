// The database half of a backup (docs/decisions/073-backup-and-restore.md): PGlite's own dump of
// its data dir, or PostgreSQL's pg_dump/pg_restore (every schema: the app's, drizzle's journal,
// the job queue's), and whether a target database is empty.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';

/** A refusal the operator can act on: printed as it is, exit code 2. */
export class OperationError extends Error {}

/** PGlite lets a second process open a data dir in use and corrupt it. */
function refuseInUse(dataDir: string): void {
  if (existsSync(`${dataDir}/postmaster.pid`)) {
    throw new OperationError(
      `${dataDir} is in use: stop the server first (PGlite is one process's own). If none runs, a crash left postmaster.pid there: remove it.`,
    );
  }
}

/**
 * PGlite's dump of its data dir (a tar). The server must be stopped: PGlite is one process's
 * own, so with the server down the data dir, and DATA_DIR's files, hold still.
 */
export async function dumpPglite(dataDir: string): Promise<Blob> {
  if (!existsSync(dataDir)) throw new OperationError(`No database in ${dataDir}: nothing to back up.`);
  refuseInUse(dataDir);
  const { createPglite } = await import('../db/pglite');
  const client = createPglite(dataDir);
  try {
    // dumpDataDir does not wait for the start itself.
    await client.waitReady;
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** A new PGlite data dir loaded from a dump. */
export async function loadPglite(dataDir: string, dumpFile: string): Promise<void> {
  const { createPglite } = await import('../db/pglite');
  const client = createPglite(dataDir, { loadDataDir: new Blob([await readFile(dumpFile)]) });
  await client.waitReady;
  await client.close();
}

/** libpq's form of the URL: the password goes in PGPASSWORD, not on a command line `ps` shows. */
function libpq(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function runTool(tool: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    proc.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new OperationError(
              `${tool} was not found: install PostgreSQL's client tools of the server's major version (Debian: postgresql-client-15).`,
            )
          : err,
      ),
    );
    proc.on('close', (code) =>
      code === 0 ? resolve() : reject(new OperationError(`${tool} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** pg_dump's custom format of the whole database, every schema, into `file`. */
export function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = libpq(url);
  return runTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * Restores a pg_dump into an empty database, in one transaction: a failure leaves it empty.
 * The objects belong to the restoring role (DATABASE_OWNER_URL's when set); the grants to the
 * app's role are restored as dumped (docs/decisions/067-database-roles.md).
 */
export function restorePostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = libpq(url);
  return runTool(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}

/** The tables, views and sequences outside PostgreSQL's own schemas: none in an empty database. */
export async function postgresRelations(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'`;
    return row?.count ?? 0;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
