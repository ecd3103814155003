// A scratch PostgreSQL database for a bench: created fresh, dropped after.
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** `name` on the server of `adminUrl` (a URL to an existing database such as postgres). */
export function scratchDatabase(adminUrl, name) {
  // postgres.js is a dependency of the api package, not of the workspace root.
  const postgres = createRequire(path.join(root, 'api/package.json'))('postgres');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement) => {
    const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end();
    }
  };
  return {
    url: url.toString(),
    create: async () => {
      await admin(`drop database if exists "${name}" with (force)`);
      await admin(`create database "${name}"`);
    },
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
