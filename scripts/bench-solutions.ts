// Automatic delivery from the solution library (docs/decisions/085-solution-library.md),
// printed, never asserted:
//  1. the time from the end of a read's upload (the ticket's create answer) to Unlocked, for a
//     16 MB read (the largest known flash size; a larger one carries the unknown-size warning and
//     is never delivered automatically) that an approved solution covers, p50 and p95 over
//     BENCH_SOLUTION_TICKETS tickets (10), each read with other VIN bytes (goal: p95 ≤ 5 s);
//  2. the CPU of one matching of a ticket that will be delivered (findMatch: the queries, the
//     ranged reads of the stored read, the checks, the coverage and the refusal rules; the
//     process's and its worker threads' CPU, PGlite's queries included as it runs in the
//     process) with the ticket's solution alone in the library and with 10,000 more solutions
//     of other software numbers, mean of BENCH_SOLUTION_MATCHES (30) matchings after 5 warm-up
//     (goal: under 50 ms with 10,000); apart from it, the CPU of the delivery's write (the read
//     streamed through the patch into a new stored file, with its SHA-256).
// PGlite always; with BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 also PostgreSQL (a
// scratch database, dropped after). The real app over loopback with its real job queue and
// worker pool (api/src/test/test-server.ts). On its own: `npx tsx scripts/bench-solutions.ts`.

import { type Database, openDatabase } from '../api/src/db/client';
import { createPglite } from '../api/src/db/pglite';
import { solutions } from '../api/src/db/schema';
import { rangesFromHex } from '../api/src/solutions/library';
import { findMatch, patchedRead } from '../api/src/solutions/matching';
import { adminUser, type TestUser, verifiedUser } from '../api/src/test/factories';
import { jobsSettled } from '../api/src/test/jobs-settled';
import { startTestServer, type TestServer } from '../api/src/test/test-server';
import { setStatus, submitTicket, uploadTunedMultipart } from '../api/src/test/ticket-helpers';
import { boschEdc17Read, KB } from '../shared/src/ecu-identify/test-binaries';
import type { TicketDto } from '../shared/src/index';
import { scratchDatabase } from './bench-postgres.mjs';

const MB = 1024 * KB;
const TICKETS = Number(process.env.BENCH_SOLUTION_TICKETS) || 10;
const MATCHES = Number(process.env.BENCH_SOLUTION_MATCHES) || 30;
const LIBRARY = 10_000;
const SOFTWARE = '1037541778';
const plan = { fields: { stage: 'Stage 1', options: ['EGR OFF'], notes: '', ecuId: '' } };

/** A 16 MB Bosch read of SOFTWARE; `vin` stands for the bytes two cars of one software differ in. */
function read(vin: string): Uint8Array {
  return boschEdc17Read({ size: 16 * MB, seed: 11, software: SOFTWARE, vin });
}

/** An engineer's tune: two maps and a limiter. */
function tune(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  out.fill(0x42, 0x1000, 0x1400);
  out.fill(0x43, 0x180000, 0x180800);
  out.fill(0x99, 0x20000, 0x20004);
  return out;
}

const vin = (n: number) => `WVWZZZ1KZAW${String(n).padStart(6, '0')}`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function expectOk(res: { status: number; text: string }, status = 200) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
}

async function setAutomaticDelivery(admin: TestUser, on: boolean) {
  await expectOk(await admin.client.put('/api/admin/settings', { automation: { automaticDelivery: on } }));
}

async function untilUnlocked(who: TestUser, ticketNumber: number): Promise<void> {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const res = await who.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticketNumber}`);
    if (res.body.data?.status === 'Unlocked') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`ticket ${ticketNumber} was not delivered automatically within 60 s`);
}

/** CPU ms (the whole process, its worker threads too) per call of `run`, after 5 warm-up calls. */
async function cpuPer(run: () => Promise<void>, times = MATCHES): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const before = process.cpuUsage();
  for (let i = 0; i < times; i++) await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / times;
}

/** One matching of a Pending ticket that would be delivered: everything but the delivery's write. */
async function matchOnce(server: TestServer, ticketId: string): Promise<void> {
  const found = await findMatch(server.deps, ticketId);
  if (!found?.deliver) throw new Error(`ticket ${ticketId} is not for delivery: ${found?.row.skipped}`);
}

/** The delivery's write of that ticket: its read streamed through the patch into a new file. */
async function deliveryWrite(server: TestServer, ticketId: string): Promise<void> {
  const found = await findMatch(server.deps, ticketId);
  const { chosen, storageKey } = found!.deliver!;
  const key = `files/benchwrite${process.pid}`;
  await server.deps.storage.write(
    key,
    patchedRead(
      server.deps.storage,
      storageKey,
      chosen.flatMap((s) => rangesFromHex(s.ranges)),
    ),
  );
  await server.deps.storage.remove(key);
}

async function seedLibrary(db: Database['db'], approvedBy: string): Promise<void> {
  const ranges = [{ offset: 0x1000, original: '00'.repeat(16), patched: '42'.repeat(16) }];
  for (let start = 0; start < LIBRARY; start += 1_000) {
    await db.insert(solutions).values(
      Array.from({ length: 1_000 }, (_, i) => ({
        maker: 'Bosch',
        family: 'EDC17',
        softwareNumber: String(1037000000 + start + i),
        hardwareNumber: '0281019617',
        fileSize: 16 * MB,
        stage: 'Stage 1',
        options: ['EGR OFF'],
        ranges,
        rangeCount: 1,
        bytesChanged: 16,
        state: 'approved' as const,
        approvedBy,
        approvedAt: new Date(),
      })),
    );
  }
}

async function measure(label: string, database: Database): Promise<string[]> {
  const server = await startTestServer({ database });
  try {
    const [admin, first, second] = await Promise.all([
      adminUser(server),
      verifiedUser(server),
      verifiedUser(server),
    ]);
    // The engineer's delivered ticket, made an approved solution.
    const original = read(vin(0));
    const { ticket } = await submitTicket(first.client, { ecuBytes: original, ...plan });
    // A read the request's 2 s did not identify is identified by a job: the solution needs it.
    await jobsSettled(server.deps.jobs);
    await expectOk(
      await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
        bytes: tune(original),
        name: 'tuned.bin',
      }),
    );
    await setStatus(admin.client, ticket._id, 'Completed');
    await expectOk(
      await admin.client.post('/api/admin/solutions', { ticketNumber: ticket.ticketNumber, approve: true }),
      201,
    );

    // 1. Upload end to Unlocked.
    await setAutomaticDelivery(admin, true);
    const times: number[] = [];
    for (let i = 1; i <= TICKETS; i++) {
      const next = await submitTicket(second.client, { ecuBytes: read(vin(i)), ...plan });
      const created = performance.now();
      await untilUnlocked(second, next.ticket.ticketNumber);
      times.push(performance.now() - created);
      await jobsSettled(server.deps.jobs);
    }
    times.sort((a, b) => a - b);

    // 2. Matching's CPU on a Pending ticket that would be delivered: made while the switch was
    // off (checked and recorded, not delivered), then the switch is turned on.
    await setAutomaticDelivery(admin, false);
    const pending = await submitTicket(second.client, { ecuBytes: read(vin(999)), ...plan });
    await jobsSettled(server.deps.jobs);
    await setAutomaticDelivery(admin, true);
    const id = pending.ticket._id;
    const alone = await cpuPer(() => matchOnce(server, id));
    await seedLibrary(database.db, admin.user._id);
    const withLibrary = await cpuPer(() => matchOnce(server, id));
    const write = await cpuPer(() => deliveryWrite(server, id), 10);

    const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
    return [
      `${label}: 16 MB read, upload end → Unlocked over ${TICKETS} tickets: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} (fastest ${ms(times[0]!)}, slowest ${ms(times.at(-1)!)})`,
      `${label}: one matching, CPU ms (process + pool): ${alone.toFixed(1)} with 1 solution, ${withLibrary.toFixed(1)} with ${LIBRARY.toLocaleString('en-GB')} more in the library; the delivery's write ${write.toFixed(1)} ms more`,
    ];
  } finally {
    await server.close();
  }
}

const lines: string[] = [];
{
  const database = await openDatabase({ kind: 'pglite', client: createPglite() });
  try {
    lines.push(...(await measure('PGlite', database)));
  } finally {
    await database.close();
  }
}
if (process.env.BENCH_POSTGRES_URL) {
  const scratch = scratchDatabase(process.env.BENCH_POSTGRES_URL, `ecu_bench_solutions_${process.pid}`);
  await scratch.create();
  try {
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      lines.push(...(await measure('PostgreSQL', database)));
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}
console.info('Automatic delivery from the solution library (scripts/bench-solutions.ts):');
for (const line of lines) console.info(`  ${line}`);
