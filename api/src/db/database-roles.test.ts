import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, ledgerOf } from '../test/credits-helpers';
import { verifiedUser } from '../test/factories';
import { describeOnPostgres } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import { type Database, openDatabase } from './client';

const ROLES_SQL = path.resolve(import.meta.dirname, '../../../deploy/postgres-roles.sql');

/** deploy/postgres-roles.sql through psql, as deploy/postgres-init.sh runs it in compose. */
function runRolesSql(adminUrl: string, vars: Record<string, string>): Promise<void> {
  const url = new URL(adminUrl);
  url.pathname = `/${vars.db}`;
  const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url.toString(), '-f', ROLES_SQL];
  for (const [name, value] of Object.entries(vars)) args.push('-v', `${name}=${value}`);
  const psql = spawn('psql', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  psql.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) =>
    psql.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`psql ${code}: ${stderr}`)))),
  );
}

describe('deploy/postgres-roles.sql', () => {
  const statements = readFileSync(ROLES_SQL, 'utf8')
    .replace(/--.*$/gm, '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim());

  it('grants the app role rows, sequences and a connection, and nothing that changes a schema', () => {
    const toApp = statements.filter((s) => /^GRANT /.test(s) && / TO :"app"$/.test(s));
    expect(toApp.length).toBeGreaterThan(0);
    for (const grant of toApp) {
      const privileges = grant.replace(/^GRANT (.*?) ON .*$/, '$1').split(/,\s*/);
      for (const p of privileges)
        expect(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'USAGE', 'CONNECT', 'TEMPORARY']).toContain(p);
    }
    expect(
      statements.filter(
        (s) =>
          /:"app"/.test(s) &&
          /\b(OWNER TO|SUPERUSER|CREATEDB|CREATEROLE|TRIGGER|TRUNCATE)\b/.test(
            s.replace(/NO(SUPERUSER|CREATEDB|CREATEROLE)/g, ''),
          ),
      ),
    ).toEqual([]);
  });

  it('gives the owner role the tables of later migrations to grant, and makes neither role a superuser', () => {
    expect(statements).toContain('ALTER DATABASE :"db" OWNER TO :"owner"');
    expect(
      statements.filter((s) => /^ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public GRANT/.test(s)),
    ).toHaveLength(2);
    expect(statements.filter((s) => /CREATE ROLE/.test(s))).toEqual(
      statements.filter((s) => /CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE/.test(s)),
    );
  });
});

describeOnPostgres('the app role of deploy/postgres-roles.sql (least privilege)', (source) => {
  const tag = randomBytes(4).toString('hex');
  const db = `${source.namePrefix}roles_${tag}`;
  const owner = `ecu_t_owner_${tag}`;
  const app = `ecu_t_app_${tag}`;
  const urlAs = (role: string) => {
    const url = new URL(source.adminUrl);
    url.username = role;
    url.pathname = `/${db}`;
    return url.toString();
  };
  const superuser = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
  let asApp: postgres.Sql;
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    // An empty database, as compose's postgres service starts: the roles, then the owner migrates.
    await superuser.unsafe(`create database "${db}"`);
    await runRolesSql(source.adminUrl, {
      db,
      owner,
      owner_password: 'owner-password-for-tests',
      app,
      app_password: 'app-password-for-tests',
    });
    database = await openDatabase({ kind: 'postgres', url: urlAs(app), ownerUrl: urlAs(owner), max: 5 });
    server = await startTestServer({ database });
    asApp = postgres(urlAs(app), { max: 1, onnotice: () => {} });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await asApp?.end();
    await superuser.unsafe(`drop database if exists "${db}" with (force)`);
    await superuser.unsafe(`drop role if exists "${app}"`);
    await superuser.unsafe(`drop role if exists "${owner}"`);
    await superuser.end();
  });

  it('runs the portal: the owner migrated, the app signs up, buys credits and creates a ticket', async () => {
    const tuner = await verifiedUser(server);
    await buyCredits(tuner.client, '1credit');
    const { ticket } = await submitTicket(tuner.client);
    expect(ticket.ticketNumber).toBeGreaterThan(0);
    expect((await ledgerOf(server.deps.db, tuner.user._id)).length).toBeGreaterThan(0);
  });

  it('connects as a role that is no superuser and owns no table', async () => {
    const [me] = await asApp<{ user: string; superuser: string }[]>`
      select current_user as user, current_setting('is_superuser') as superuser`;
    expect(me).toEqual({ user: app, superuser: 'off' });
    const owners = await asApp<{ owner: string }[]>`
      select distinct tableowner as owner from pg_tables where schemaname = 'public'`;
    expect(owners).toEqual([{ owner }]);
    const [ownerRole] = await asApp<
      { rolsuper: boolean }[]
    >`select rolsuper from pg_roles where rolname = ${owner}`;
    expect(ownerRole!.rolsuper).toBe(false);
  });

  // After the flow above the ledger holds rows, so that a row trigger has something to refuse.
  it.each([
    ['drop the ledger trigger', 'drop trigger credit_ledger_append_only on credit_ledger', /must be owner/],
    [
      'disable the ledger trigger',
      'alter table credit_ledger disable trigger credit_ledger_append_only',
      /must be owner/,
    ],
    ['disable every trigger', 'alter table credit_ledger disable trigger all', /must be owner/],
    [
      'replace the trigger function',
      'create or replace function refuse_ledger_change() returns trigger as $$ begin return new; end $$ language plpgsql',
      /must be owner|permission denied/,
    ],
    ['turn triggers off for the session', 'set session_replication_role = replica', /permission denied/],
    ['rewrite the ledger', 'update credit_ledger set delta = delta', /append-only|not allowed|refuse/i],
    ['erase the ledger', 'delete from credit_ledger', /append-only|not allowed|refuse/i],
    ['create a table', 'create table sneaky (id int)', /permission denied/],
    ['truncate the ledger', 'truncate credit_ledger', /permission denied/],
  ])('the app role cannot %s', async (_what, statement, message) => {
    await expect(asApp.unsafe(statement)).rejects.toThrow(message);
  });
});
