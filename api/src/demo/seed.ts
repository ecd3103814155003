import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../accounts';
import type { Db, Tx } from '../db/client';
import { insertInBatches, insertRows, rowsOf, unnestOf } from './bulk-insert';
import { buildDemoDataset, type DemoDataset, type DemoScale } from './demo-dataset';
import { writeDemoSolutions } from './demo-solutions';
import { type SeedTarget, seedRefusals } from './seed-guard';

/** The full demo: what `pnpm seed:demo` writes without flags. */
export const DEMO_DEFAULTS: DemoScale = { users: 10_000, tickets: 100_000, payments: 50_000, seed: 1 };

/** A fresh password for each run: the demo's accounts never share a password that is written down. */
const freshPassword = () => randomBytes(12).toString('base64url');

export interface SeedDemoOptions extends Partial<DemoScale> {
  /** Where the demo goes (see seed-guard.ts); the foreign accounts are counted here. */
  target: Omit<SeedTarget, 'foreignAccounts'>;
  /** The start-up admins' e-mails (ADMIN_EMAIL, the generated one): not counted as foreign. */
  startupAdminEmails?: readonly string[];
  /** Write the demo whatever seedRefusals says. */
  yesReally?: boolean;
  /** The moment the demo's history ends (default: now). */
  now?: Date;
  /** Told after each table is written (for progress and timing). */
  onStep?: (step: SeedStep) => void;
  /**
   * Load with triggers off when the database allows it (the default; see bulkLoadAllowed).
   * false: every row goes through the triggers, as the app's own writes do.
   */
  bulkLoad?: boolean;
}

export interface SeedDemoResult {
  users: number;
  admins: number;
  tickets: number;
  ticketEvents: number;
  chargedTickets: number;
  payments: number;
  completedPayments: number;
  ledgerEntries: number;
  /** Approved solutions added to the library (demo-solutions.ts); none when a run already added them. */
  solutions: number;
  /** The demo admins' e-mails; they sign in with adminPassword. */
  adminEmails: string[];
  adminPassword: string;
  /** Every demo tuner's password. */
  password: string;
  generateMs: number;
  writeMs: number;
  /** Whether the rows were loaded with the triggers off (see bulkLoadAllowed). */
  bulkLoad: boolean;
}

/** seedRefusals found a reason, and --yes-really was not given. */
export class DemoSeedRefusedError extends Error {}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function nextValue(db: Db, sequence: string, table: string, column: string): Promise<number> {
  const [row] = await rowsOf<{ next: string | number }>(
    db,
    sql`select greatest(
      (select coalesce(max(${sql.raw(column)}), 0) + 1 from ${sql.raw(table)}),
      (select case when is_called then last_value + 1 else last_value end from ${sql.raw(sequence)})
    ) as next`,
  );
  return Number(row!.next);
}

/**
 * The accounts the demo did not make, the start-up admins aside: a demo account's credential
 * is `demo` and its user id's tail (writeDataset).
 */
export async function countForeignAccounts(db: Db, startupAdminEmails: readonly string[]): Promise<number> {
  const exempt = startupAdminEmails.map((e) => e.toLowerCase());
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*) as n from users u
      where not exists (
        select 1 from auth_accounts a where a.user_id = u.id and a.id = 'demo' || substr(u.id, 5)
      )
      and u.email not in (${sql.join(
        ['', ...exempt].map((e) => sql`${e}`),
        sql`, `,
      )})`,
  );
  return Number(row!.n);
}

/**
 * Fills the database with the demo business (see demo-dataset.ts) in one transaction:
 * users with a credential (a fresh password for the tuners and one for the admins, each hashed once), tickets with their history, card
 * payments and the credit ledger, in batches of INSERT ... SELECT FROM unnest(...), and approved
 * solutions for a few common software versions (demo-solutions.ts). No ticket files are
 * written: a demo ticket has no stored ECU read or tuned file.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const scale: DemoScale = {
    users: options.users ?? DEMO_DEFAULTS.users,
    tickets: options.tickets ?? DEMO_DEFAULTS.tickets,
    payments: options.payments ?? DEMO_DEFAULTS.payments,
    seed: options.seed ?? DEMO_DEFAULTS.seed,
  };
  const foreignAccounts = await countForeignAccounts(db, options.startupAdminEmails ?? []);
  const reasons = seedRefusals({ ...options.target, foreignAccounts });
  if (reasons.length > 0 && !options.yesReally) {
    throw new DemoSeedRefusedError(
      `Refused: ${reasons.join('; ')}. The demo is for an empty portal of your own; add --yes-really to write it anyway.`,
    );
  }

  const started = performance.now();
  const taken = await rowsOf<{ id: string; email: string }>(db, sql`select id, email from users`);
  const data = buildDemoDataset(
    scale,
    {
      firstTicketNumber: await nextValue(db, 'ticket_number_seq', 'tickets', 'ticket_number'),
      firstPaymentSerial: await nextValue(db, 'payment_serial_seq', 'payments', 'serial_no'),
      firstLedgerId: await nextValue(db, 'credit_ledger_id_seq', 'credit_ledger', 'id'),
      takenIds: new Set(taken.map((u) => u.id)),
      takenEmails: new Set(taken.map((u) => u.email)),
    },
    (options.now ?? new Date()).getTime(),
  );
  const password = freshPassword();
  const adminPassword = freshPassword();
  const passwordHash = await hashPassword(password);
  const adminPasswordHash = await hashPassword(adminPassword);
  const generated = performance.now();

  const bulk = options.bulkLoad !== false && (await bulkLoadAllowed(db));
  const onStep = options.onStep ?? (() => {});
  const approver = data.admins[0] === undefined ? null : data.users[data.admins[0]]!.id;
  let solutionCount = 0;
  await db.transaction(async (tx) => {
    if (bulk) await tx.execute(sql`set local session_replication_role = replica`);
    await writeDataset(tx, data, { user: passwordHash, admin: adminPasswordHash }, onStep, bulk);
    const solutionsStarted = performance.now();
    solutionCount = await writeDemoSolutions(tx, approver, (options.now ?? new Date()).getTime());
    onStep({ table: 'solutions', rows: solutionCount, ms: performance.now() - solutionsStarted });
  });
  // What autovacuum would do some minutes later (and PGlite never does): statistics, so that the
  // lists are not planned for empty tables, and the trigram indexes' pending lists merged, so
  // that a search does not scan them row by row.
  await db.execute(sql.raw(`vacuum analyze ${[...WRITTEN_TABLES, 'changes'].join(', ')}`));

  return {
    users: data.users.length,
    admins: data.admins.length,
    tickets: data.tickets.length,
    ticketEvents: data.events.length,
    chargedTickets: data.tickets.filter((t) => t.chargedAt !== null).length,
    payments: data.payments.length,
    completedPayments: data.payments.filter((p) => p.status === 'Completed').length,
    ledgerEntries: data.ledger.length,
    solutions: solutionCount,
    adminEmails: data.admins.map((i) => data.users[i]!.email),
    adminPassword,
    password,
    generateMs: generated - started,
    writeMs: performance.now() - generated,
    bulkLoad: bulk,
  };
}

/** The triggers of the tables the demo writes, as migration 0001 creates them: the change feed. */
/** The triggers of the written tables; the seed only inserts, so the ledger's append-only rule is moot. */
const CHANGE_FEED_TRIGGERS = [
  'credit_ledger.credit_ledger_append_only',
  'payments.payments_record_change',
  'payments.payments_record_visible_change',
  'tickets.tickets_record_change',
  'tickets.tickets_record_visible_change',
  'users.users_record_change',
  'users.users_record_visible_change',
];
const WRITTEN_TABLES = ['users', 'auth_accounts', 'tickets', 'ticket_events', 'payments', 'credit_ledger'];

/**
 * Loading with triggers off (session_replication_role = replica, as pg_restore
 * --disable-triggers does) skips the per-row foreign-key checks and change-feed inserts, which
 * are most of the cost on PGlite; the demo is consistent by construction (demo-data.test.ts
 * checks every reference) and writes the change feed's rows itself, set-based. Only for a
 * superuser (PGlite always is), and only while the tables carry no trigger but the change feed
 * that seedDemo knows how to write: a new trigger falls back to the plain, triggered load.
 */
async function bulkLoadAllowed(db: Db): Promise<boolean> {
  const [role] = await rowsOf<{ superuser: string }>(
    db,
    sql`select current_setting('is_superuser') as superuser`,
  );
  if (role?.superuser !== 'on') return false;
  const triggers = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname || '.' || t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname in (${sql.join(
        WRITTEN_TABLES.map((t) => sql`${t}`),
        sql`, `,
      )}) order by 1`,
  );
  return JSON.stringify(triggers.map((t) => t.name)) === JSON.stringify(CHANGE_FEED_TRIGGERS);
}

export interface SeedStep {
  table: string;
  rows: number;
  ms: number;
}

async function writeDataset(
  tx: Db | Tx,
  data: DemoDataset,
  passwordHash: { user: string; admin: string },
  onStep: (step: SeedStep) => void,
  bulk: boolean,
): Promise<void> {
  const { users: people, tickets: files, events, payments: paid, ledger } = data;
  const idOf = (index: number) => people[index]!.id;
  // Ticket and payment ids are made here rather than by the database, so that the history and
  // the ledger can name them without looking them up.
  const ticketIds = new Map(files.map((t) => [t.ticketNumber, randomUUID()]));
  const paymentIds = new Map(paid.map((p) => [p.serialNo, randomUUID()]));
  const step = async (table: string, rows: readonly unknown[], write: () => Promise<void>) => {
    const started = performance.now();
    await write();
    onStep({ table, rows: rows.length, ms: performance.now() - started });
  };

  await step('users', people, () =>
    insertRows(tx, 'users', people, [
      { column: 'id', type: 'text', value: (u) => u.id },
      { column: 'name', type: 'text', value: (u) => `${u.firstName} ${u.lastName}` },
      { column: 'email', type: 'text', value: (u) => u.email },
      { column: 'email_verified', type: 'bool', value: (u) => u.emailVerified },
      { column: 'first_name', type: 'text', value: (u) => u.firstName },
      { column: 'last_name', type: 'text', value: (u) => u.lastName },
      { column: 'address', type: 'text', value: (u) => u.address },
      { column: 'country', type: 'text', value: (u) => u.country },
      { column: 'city', type: 'text', value: (u) => u.city },
      { column: 'postal_code', type: 'text', value: (u) => u.postalCode },
      { column: 'role', type: 'text', value: (u) => u.role },
      { column: 'credits', type: 'int4', value: (u) => u.credits },
      { column: 'per_credit_price_pence', type: 'int4', value: (u) => u.perCreditPricePence },
      { column: 'total_money_spent_pence', type: 'int4', value: (u) => u.totalMoneySpentPence },
      { column: 'total_files_submitted', type: 'int4', value: (u) => u.totalFilesSubmitted },
      { column: 'on_boarded', type: 'bool', value: () => true },
      { column: 'disabled', type: 'bool', value: (u) => u.disabled },
      { column: 'created_at', type: 'timestamptz', value: (u) => iso(u.createdAt) },
      { column: 'updated_at', type: 'timestamptz', value: (u) => iso(u.updatedAt) },
    ]),
  );

  // better-auth's credential account: account_id is the user's id.
  await step('auth_accounts', people, () =>
    insertRows(tx, 'auth_accounts', people, [
      { column: 'id', type: 'text', value: (u) => `demo${u.id.slice(4)}` },
      { column: 'account_id', type: 'text', value: (u) => u.id },
      { column: 'provider_id', type: 'text', value: () => 'credential' },
      { column: 'user_id', type: 'text', value: (u) => u.id },
      {
        column: 'password',
        type: 'text',
        value: (u) => (u.role === 'admin' ? passwordHash.admin : passwordHash.user),
      },
      { column: 'created_at', type: 'timestamptz', value: (u) => iso(u.createdAt) },
      { column: 'updated_at', type: 'timestamptz', value: (u) => iso(u.createdAt) },
    ]),
  );

  await step('tickets', files, () =>
    insertInBatches(tx, files, (batch) => {
      const rows = unnestOf(batch, [
        { column: 'id', type: 'uuid', value: (t) => ticketIds.get(t.ticketNumber)! },
        { column: 'ticket_number', type: 'int4', value: (t) => t.ticketNumber },
        { column: 'user_id', type: 'text', value: (t) => idOf(t.owner) },
        { column: 'make', type: 'text', value: (t) => t.make },
        { column: 'model', type: 'text', value: (t) => t.model },
        { column: 'year', type: 'text', value: (t) => t.year },
        { column: 'registration', type: 'text', value: (t) => t.registration },
        { column: 'ecu_id', type: 'text', value: (t) => t.ecuId },
        { column: 'transmission', type: 'text', value: (t) => t.transmission },
        { column: 'read_tool', type: 'text', value: (t) => t.readTool },
        { column: 'read_type', type: 'text', value: (t) => t.readType },
        { column: 'master_slave', type: 'text', value: (t) => t.masterSlave },
        { column: 'stage', type: 'text', value: (t) => t.stage },
        // Option names never hold a '|'.
        { column: 'options', type: 'text', value: (t) => t.options.join('|') },
        { column: 'notes', type: 'text', value: (t) => t.notes },
        { column: 'credits_need', type: 'int4', value: (t) => t.creditsNeed },
        { column: 'status', type: 'text', value: (t) => t.status },
        { column: 'charged_at', type: 'timestamptz', value: (t) => iso(t.chargedAt) },
        { column: 'created_at', type: 'timestamptz', value: (t) => iso(t.createdAt) },
        { column: 'updated_at', type: 'timestamptz', value: (t) => iso(t.updatedAt) },
      ]);
      return sql`insert into tickets (id, ticket_number, user_id, make, model, year, registration, ecu_id,
          transmission, read_tool, read_type, master_slave, stage, options, notes, credits_need, status,
          charged_at, created_at, updated_at)
        select id, ticket_number, user_id, make, model, year, registration, ecu_id, transmission,
          read_tool, read_type, master_slave, stage, string_to_array(options, '|'), notes, credits_need,
          status, charged_at, created_at, updated_at
        from ${rows}`;
    }),
  );

  await step('ticket_events', events, () =>
    insertInBatches(
      tx,
      events,
      (batch) => sql`insert into ticket_events (ticket_id, kind, actor_id, detail, created_at)
        select ticket_id, kind, actor_id, detail::jsonb, created_at
        from ${unnestOf(batch, [
          { column: 'ticket_id', type: 'uuid', value: (e) => ticketIds.get(e.ticketNumber)! },
          { column: 'kind', type: 'text', value: (e) => e.kind },
          { column: 'actor_id', type: 'text', value: (e) => idOf(e.actor) },
          { column: 'detail', type: 'text', value: (e) => JSON.stringify(e.detail) },
          { column: 'created_at', type: 'timestamptz', value: (e) => iso(e.at) },
        ])}`,
    ),
  );

  await step('payments', paid, () =>
    insertRows(tx, 'payments', paid, [
      { column: 'id', type: 'uuid', value: (p) => paymentIds.get(p.serialNo)! },
      { column: 'serial_no', type: 'int4', value: (p) => p.serialNo },
      { column: 'user_id', type: 'text', value: (p) => idOf(p.owner) },
      { column: 'package_id', type: 'text', value: (p) => p.packageId },
      { column: 'credits', type: 'int4', value: (p) => p.credits },
      { column: 'subtotal_pence', type: 'int4', value: (p) => p.subtotalPence },
      { column: 'vat_pence', type: 'int4', value: (p) => p.vatPence },
      { column: 'amount_pence', type: 'int4', value: (p) => p.amountPence },
      { column: 'provider', type: 'text', value: () => 'sandbox' },
      { column: 'provider_payment_id', type: 'text', value: (p) => p.providerPaymentId },
      { column: 'status', type: 'text', value: (p) => p.status },
      { column: 'failure_message', type: 'text', value: (p) => p.failureMessage },
      { column: 'created_at', type: 'timestamptz', value: (p) => iso(p.createdAt) },
      { column: 'completed_at', type: 'timestamptz', value: (p) => iso(p.completedAt) },
    ]),
  );

  await step('credit_ledger', ledger, () =>
    insertRows(tx, 'credit_ledger', ledger, [
      { column: 'id', type: 'int8', value: (e) => e.id },
      { column: 'user_id', type: 'text', value: (e) => idOf(e.owner) },
      { column: 'actor_id', type: 'text', value: (e) => (e.actor === null ? null : idOf(e.actor)) },
      { column: 'kind', type: 'text', value: (e) => e.kind },
      { column: 'delta', type: 'int4', value: (e) => e.delta },
      { column: 'balance_after', type: 'int4', value: (e) => e.balanceAfter },
      {
        column: 'reference',
        type: 'text',
        value: (e) => (e.paymentSerial === null ? e.reference : `payment:${paymentIds.get(e.paymentSerial)}`),
      },
      { column: 'note', type: 'text', value: (e) => e.note },
      { column: 'created_at', type: 'timestamptz', value: (e) => iso(e.at) },
    ]),
  );

  // With the triggers off, the change feed's rows as the triggers would have written them: one
  // per user, ticket and payment, so that each demo tuner's app syncs its own data.
  if (bulk) {
    const feed = [
      ...people.map((u) => [u.id, 'user', u.id] as const),
      ...files.map((t) => [idOf(t.owner), 'ticket', ticketIds.get(t.ticketNumber)!] as const),
      ...paid.map((p) => [idOf(p.owner), 'transaction', paymentIds.get(p.serialNo)!] as const),
    ];
    await step('changes', feed, () =>
      insertRows(tx, 'changes', feed, [
        { column: 'user_id', type: 'text', value: (c) => c[0] },
        { column: 'entity', type: 'text', value: (c) => c[1] },
        { column: 'entity_id', type: 'text', value: (c) => c[2] },
      ]),
    );
  }

  // The sequences go on after the numbers the demo took.
  const last = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);
  if (files.length)
    await tx.execute(sql`select setval('ticket_number_seq', ${last(files.map((t) => t.ticketNumber))})`);
  if (paid.length)
    await tx.execute(sql`select setval('payment_serial_seq', ${last(paid.map((p) => p.serialNo))})`);
  if (ledger.length)
    await tx.execute(sql`select setval('credit_ledger_id_seq', ${last(ledger.map((e) => e.id))})`);
}
