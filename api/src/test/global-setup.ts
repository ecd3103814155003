import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createPglite } from '../db/pglite';

/** What each test file needs to open a database of its own (see test-db.ts). */
export type TestDbSource =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; adminUrl: string; template: string; namePrefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbSource;
  }
}

/** The api-postgres project's server (local, trust auth on loopback: README.md, Quick start). */
const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** One template per vitest run (its pid), so two runs on one machine never drop each other's. */
const TEMPLATE_PREFIX = 'ecu_test_template_';
const TEMPLATE_DB = `${TEMPLATE_PREFIX}${process.pid}`;
/** Each test file's database is `ecu_t_<pid of this vitest run>_<random>`. */
const TEST_DB_PREFIX = 'ecu_t_';

function databaseUrl(database: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Migrates one database per run, so that each test file starts from a copy in well under a
 * second: a PGlite data dir dumped to a temp file (api-pglite), or a PostgreSQL template
 * database that each file clones with CREATE DATABASE ... TEMPLATE (api-postgres).
 */
export default async function globalSetup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  return kind === 'postgres' ? setUpPostgres(project) : setUpPglite(project);
}

async function setUpPglite(project: TestProject) {
  const client = createPglite();
  const database = await openDatabase({ kind: 'pglite', client });
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-api-test-'));
  const dumpFile = path.join(dir, 'migrated-pgdata.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { kind: 'pglite', dumpFile });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function setUpPostgres(project: TestProject) {
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    // Leftovers of a run that crashed: its per-file databases (their run's pid is gone) and
    // the template, which may still have connections open.
    const leftovers = await admin<{ datname: string }[]>`
      select datname from pg_database
      where datname like ${`${TEST_DB_PREFIX}%`} or datname like ${`${TEMPLATE_PREFIX}%`}
      order by datname like ${`${TEMPLATE_PREFIX}%`}`;
    for (const { datname } of leftovers) {
      const prefix = datname.startsWith(TEMPLATE_PREFIX) ? TEMPLATE_PREFIX : TEST_DB_PREFIX;
      const pid = Number(datname.slice(prefix.length).split('_')[0]);
      if (!Number.isInteger(pid) || !isRunning(pid)) {
        await admin.unsafe(`drop database if exists "${datname}" with (force)`);
      }
    }
    await admin.unsafe(`drop database if exists "${TEMPLATE_DB}" with (force)`);
    await admin.unsafe(`create database "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }

  const template = await openDatabase({ kind: 'postgres', url: databaseUrl(TEMPLATE_DB), max: 1 });
  await template.close();
  project.provide('testDb', {
    kind: 'postgres',
    adminUrl: POSTGRES_ADMIN_URL,
    template: TEMPLATE_DB,
    namePrefix: `${TEST_DB_PREFIX}${process.pid}_`,
  });

  return async () => {
    const dropper = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
    try {
      await dropper.unsafe(`drop database if exists "${TEMPLATE_DB}" with (force)`);
    } finally {
      await dropper.end();
    }
  };
}
