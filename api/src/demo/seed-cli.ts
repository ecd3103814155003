/**
 * `pnpm seed:demo [--users N] [--tickets N] [--payments N] [--seed N] [--reads-dir DIR] [--yes-really] [--json]`:
 * writes the demo business into the portal's database, the one `pnpm start` would open
 * (DATABASE_URL, or the PGlite in DATA_DIR/pglite; a relative DATA_DIR counts from the
 * repository root, as for `pnpm start`). The flags may also come from DEMO_USERS,
 * DEMO_TICKETS, DEMO_PAYMENTS and DEMO_SEED. Refused in production, on a database elsewhere
 * and beside accounts it did not make, unless --yes-really (seed-guard.ts). One read of each
 * software of the demo's solution library goes to --reads-dir (default DATA_DIR/demo-reads),
 * for the demo's automatic deliveries (demo-solutions.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { GENERATED_ADMIN_EMAIL } from '../accounts';
import { ConfigError, loadConfig } from '../config';
import { type DatabaseSource, openDatabase } from '../db/client';
import { rowsOf } from './bulk-insert';
import { DEMO_SOFTWARE, writeDemoReads } from './demo-solutions';
import { DEMO_DEFAULTS, DemoSeedRefusedError, seedDemo } from './seed';
import { seedRefusals } from './seed-guard';

class UsageError extends Error {}

function count(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`--${name} must be a whole number of at least ${min} (got "${text}")`);
  }
  return n;
}

/** The server of a postgres:// URL; postgres.js reads ?host= (a Unix socket directory) too. */
function databaseHost(url: string): string {
  const parsed = new URL(url);
  return parsed.searchParams.get('host') ?? (parsed.hostname || 'localhost');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      tickets: { type: 'string' },
      payments: { type: 'string' },
      seed: { type: 'string' },
      'reads-dir': { type: 'string' },
      'yes-really': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.info(
      'pnpm seed:demo [--users 10000] [--tickets 100000] [--payments 50000] [--seed 1] [--reads-dir DATA_DIR/demo-reads] [--yes-really] [--json]',
    );
    return 0;
  }
  const env = process.env;
  const scale = {
    users: count('users', values.users ?? env.DEMO_USERS, DEMO_DEFAULTS.users, 1),
    tickets: count('tickets', values.tickets ?? env.DEMO_TICKETS, DEMO_DEFAULTS.tickets, 0),
    payments: count('payments', values.payments ?? env.DEMO_PAYMENTS, DEMO_DEFAULTS.payments, 0),
    seed: count('seed', values.seed ?? env.DEMO_SEED, DEMO_DEFAULTS.seed, 0),
  };

  // `pnpm --filter @ecu/api exec` runs here in api/: count a relative DATA_DIR from the root.
  process.chdir(fileURLToPath(new URL('../../..', import.meta.url)));
  const config = loadConfig();
  const started = performance.now();
  let source: DatabaseSource;
  let where: string;
  if (config.databaseUrl) {
    source = { kind: 'postgres', url: config.databaseUrl, max: 1 };
    where = `PostgreSQL ${new URL(config.databaseUrl).pathname.slice(1) || '(default database)'}`;
  } else {
    const dataDir = path.join(config.dataDir, 'pglite');
    // PGlite lets a second process open a data dir in use and corrupt it; it keeps
    // postmaster.pid there while open (and removes it when closed).
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      throw new UsageError(
        `${dataDir} is in use (postmaster.pid is there): stop the server first. If no server runs, a crash left the file behind: delete it and try again.`,
      );
    }
    source = { kind: 'pglite', dataDir };
    where = `PGlite in ${dataDir}`;
  }

  const target = {
    nodeEnv: config.nodeEnv,
    databaseHost: config.databaseUrl ? databaseHost(config.databaseUrl) : undefined,
  };
  // Production or a database elsewhere: refused before anything connects to it.
  const early = seedRefusals({ ...target, foreignAccounts: 0 });
  if (early.length > 0 && !values['yes-really']) {
    throw new UsageError(`Refused: ${early.join('; ')}. Add --yes-really to write the demo anyway.`);
  }

  const database = await openDatabase(source);
  try {
    if (database.kind === 'postgres') {
      const [others] = await rowsOf<{ n: string | number }>(
        database.db,
        sql`select count(*) as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      if (Number(others!.n) > 0) {
        throw new UsageError(
          `${others!.n} other connection(s) to this database are open: stop the server (and other clients) first.`,
        );
      }
    }
    const steps: string[] = [];
    const result = await seedDemo(database.db, {
      ...scale,
      target,
      startupAdminEmails: [GENERATED_ADMIN_EMAIL, ...(config.admin ? [config.admin.email] : [])],
      yesReally: values['yes-really'],
      onStep: ({ table, rows, ms }) => {
        steps.push(`${table} ${(ms / 1000).toFixed(1)} s`);
        if (!values.json) console.info(`  wrote ${rows} ${table} in ${(ms / 1000).toFixed(1)} s`);
      },
    });
    const reads = await writeDemoReads(values['reads-dir'] ?? path.join(config.dataDir, 'demo-reads'));
    const totalMs = performance.now() - started;
    if (values.json) {
      console.info(JSON.stringify({ ...result, reads, totalMs, where, seed: scale.seed, steps }));
      return 0;
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      [
        `Demo data written to ${where} (seed ${scale.seed}):`,
        `  ${result.users} users (${result.admins} admins)`,
        `  ${result.tickets} tickets with ${result.ticketEvents} history events (${result.chargedTickets} downloaded and charged; no stored files)`,
        `  ${result.payments} payments (${result.completedPayments} completed)`,
        `  ${result.ledgerEntries} credit ledger entries`,
        `  ${result.solutions} approved solutions for ${DEMO_SOFTWARE.map((d) => `${d.family} ${d.softwareNumber} (${d.vehicle}: ${d.items.map((i) => i.item).join(', ')})`).join('; ')}`,
        `  One read of each of these in ${path.dirname(reads[0] ?? '.')}: turn on Settings > Automatic delivery, then upload one as a tuner with a plan its solutions cover, e.g. Stage 1 + EGR OFF.`,
        `Took ${s(totalMs)}: ${s(result.generateMs)} to build, ${s(result.writeMs)} to write (the rest: opening and migrating).`,
        `Passwords made for this run (shown once): admins ${result.adminPassword}, tuners ${result.password}.`,
        `Sign in as an admin with ${result.adminEmails[0]} / ${result.adminPassword}, or as any demo tuner with ${result.password}.`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError || err instanceof DemoSeedRefusedError || err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
