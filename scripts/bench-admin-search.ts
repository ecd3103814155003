// The admin file search's statement as the route runs it (api/src/tickets/admin-search.ts for
// the matching ids, ticket-read.ts adminSearchRows for the tickets, owners and files) at 1k and at 100k
// tickets, printed, never asserted (goal: at most 1.5x). Each size is a fresh database seeded
// in SQL (api/src/test/ticket-search-seed.ts: the one match of the rare plate is the oldest
// ticket). p50 over 50 runs after 10 warm-up, per search. PGlite always; with
// BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 also PostgreSQL (a scratch database
// ecu_bench_search_*, dropped after). On its own: `npx tsx scripts/bench-admin-search.ts`.
import { type Database, openDatabase } from '../api/src/db/client';
import { createPglite } from '../api/src/db/pglite';
import { RARE_PLATE, seedSearchTickets } from '../api/src/test/ticket-search-seed';
import type { AdminTicketSearch } from '../api/src/tickets/admin-search';
import { adminSearchRows } from '../api/src/tickets/ticket-read';
import { scratchDatabase } from './bench-postgres.mjs';

const SIZES = [1_000, 100_000];
const SEARCHES: [string, AdminTicketSearch][] = [
  [`a rare plate ('${RARE_PLATE}', the oldest ticket)`, { q: RARE_PLATE }],
  ['the plate without its space', { q: 'xb93ogd' }],
  ["no match ('QQ99 ZZ')", { q: 'QQ99 ZZ' }],
  ["owners' name ('Walker7', 1.5% at 100k)", { q: 'Walker7' }],
];

async function p50(database: Database, search: AdminTicketSearch): Promise<number> {
  const run = () => adminSearchRows(database.db, search, 51).execute();
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[25]!;
}

async function measure(open: (size: number) => Promise<Database>): Promise<Map<string, number[]>> {
  const figures = new Map<string, number[]>();
  for (const size of SIZES) {
    const database = await open(size);
    try {
      await seedSearchTickets(database.db, { tickets: size, owners: 1_000, vacuum: true });
      for (const [label, search] of SEARCHES) {
        figures.set(label, [...(figures.get(label) ?? []), await p50(database, search)]);
      }
    } finally {
      await database.close();
    }
  }
  return figures;
}

function print(backend: string, figures: Map<string, number[]>) {
  console.info(`\nAdmin file search on ${backend}, p50 at 1k / at 100k tickets:`);
  for (const [label, [small, large]] of figures) {
    console.info(
      `  ${label.padEnd(44)} ${small!.toFixed(1)} / ${large!.toFixed(1)} ms, ${(large! / small!).toFixed(2)}x`,
    );
  }
}

print('PGlite', await measure(() => openDatabase({ kind: 'pglite', client: createPglite() })));

const adminUrl = process.env.BENCH_POSTGRES_URL;
if (adminUrl) {
  const scratch = scratchDatabase(adminUrl, `ecu_bench_search_${process.pid}`);
  try {
    print(
      'PostgreSQL',
      await measure(async () => {
        await scratch.create();
        return openDatabase({ kind: 'postgres', url: scratch.url, max: 2 });
      }),
    );
  } finally {
    await scratch.drop();
  }
}
