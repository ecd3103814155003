import {
  CREDIT_PACKAGES,
  checkRead,
  fromHex,
  quotePackage,
  type SolutionListDto,
  type TicketDto,
  type UserDto,
} from '@ecu/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, newClient, signUpUser, type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient, ApiResponse } from '../test/http-client';
import { jobsSettled } from '../test/jobs-settled';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/test-server';
import { sha256, submitTicket } from '../test/ticket-helpers';
import { rowsOf } from './bulk-insert';
import { buildDemoDataset } from './demo-dataset';
import { DEMO_SOFTWARE, demoRead, demoTuned } from './demo-solutions';
import { DemoSeedRefusedError, type SeedDemoResult, seedDemo } from './seed';

const SCALE = { users: 1500, tickets: 4000, payments: 2000, seed: 7 };
/** The test server's database is on loopback; its only account is the start-up admin. */
const HERE = {
  target: { nodeEnv: 'test', databaseHost: '127.0.0.1' },
  startupAdminEmails: [TEST_ADMIN.email],
} as const;

let server: TestServer;
let admin: TestUser;
let seeded: SeedDemoResult;

beforeAll(async () => {
  server = await startTestServer();
  seeded = await seedDemo(server.deps.db, { ...SCALE, ...HERE });
  admin = await adminUser(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const query = <T>(text: ReturnType<typeof sql>) => rowsOf<T>(server.deps.db, text);
const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** Every page of an admin list, following nextCursor with the given page size. */
async function allPages<T>(client: ApiClient, path: string, limit = 200): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; ; pages++) {
    expect(pages, `${path} does not end`).toBeLessThan(200);
    const sep = path.includes('?') ? '&' : '?';
    const res: ApiResponse<T[]> = await client.get<T[]>(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.data);
    cursor = res.body.nextCursor ?? null;
    if (!cursor) return rows;
  }
}

describe('seedDemo', () => {
  it('writes what it was asked for and says so', async () => {
    expect(seeded).toMatchObject({
      users: SCALE.users,
      tickets: SCALE.tickets,
      payments: SCALE.payments,
      solutions: DEMO_SOFTWARE.reduce((sum, d) => sum + d.items.length, 0),
    });
    // Fresh random passwords, one for the admins and one for the tuners; none of them README's.
    expect(seeded.password).toMatch(/^[\w-]{16}$/);
    expect(seeded.adminPassword).toMatch(/^[\w-]{16}$/);
    expect(seeded.adminPassword).not.toBe(seeded.password);
    expect(seeded.password).not.toBe('demo-password-1');
    const [counts] = await query<Record<string, string | number>>(sql`select
      (select count(*) from users where email not like '%@ecu.test') as users,
      (select count(*) from tickets) as tickets,
      (select count(*) from payments) as payments,
      (select count(*) from credit_ledger) as ledger,
      (select count(*) from ticket_events) as events,
      (select count(*) from auth_accounts a join users u on u.id = a.user_id
        where u.email not like '%@ecu.test' and a.provider_id = 'credential') as credentials`);
    expect(n(counts!.users)).toBe(SCALE.users);
    expect(n(counts!.credentials)).toBe(SCALE.users);
    expect(n(counts!.tickets)).toBe(SCALE.tickets);
    expect(n(counts!.payments)).toBe(SCALE.payments);
    expect(n(counts!.ledger)).toBe(seeded.ledgerEntries);
    expect(n(counts!.events)).toBe(seeded.ticketEvents);
  });

  it('leaves no dangling reference, and a change-feed row for every user, ticket and payment', async () => {
    expect(seeded.bulkLoad).toBe(true);
    const [dangling] = await query<Record<string, string | number>>(sql`select
      (select count(*) from auth_accounts a left join users u on u.id = a.user_id where u.id is null) as accounts,
      (select count(*) from tickets t left join users u on u.id = t.user_id where u.id is null) as tickets,
      (select count(*) from ticket_events e left join tickets t on t.id = e.ticket_id where t.id is null) as events,
      (select count(*) from ticket_events e left join users u on u.id = e.actor_id
        where e.actor_id is not null and u.id is null) as event_actors,
      (select count(*) from payments p left join users u on u.id = p.user_id where u.id is null) as payments,
      (select count(*) from credit_ledger l left join users u on u.id = l.user_id where u.id is null) as ledger,
      (select count(*) from credit_ledger l left join users u on u.id = l.actor_id
        where l.actor_id is not null and u.id is null) as ledger_actors`);
    expect(Object.values(dangling!).map(n)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    const [feed] = await query<Record<string, string | number>>(sql`select
      (select count(*) from users u where not exists (
        select 1 from changes c where c.entity = 'user' and c.entity_id = u.id and c.user_id = u.id)) as users,
      (select count(*) from tickets t where not exists (
        select 1 from changes c where c.entity = 'ticket' and c.entity_id = t.id::text and c.user_id = t.user_id)) as tickets,
      (select count(*) from payments p where not exists (
        select 1 from changes c where c.entity = 'transaction' and c.entity_id = p.id::text
          and c.user_id = p.user_id)) as payments`);
    expect(Object.values(feed!).map(n)).toEqual([0, 0, 0]);
  });

  it('looks like a real customer base: mostly verified, a few disabled, a few admins, all onboarded', async () => {
    const [mix] = await query<Record<string, string | number>>(sql`select
      count(*) filter (where email_verified) as verified,
      count(*) filter (where disabled) as disabled,
      count(*) filter (where role = 'admin') as admins,
      count(*) filter (where not on_boarded) as not_onboarded,
      count(distinct country) as countries,
      min(created_at) as first, max(created_at) as last
      from users where email not like '%@ecu.test'`);
    expect(n(mix!.verified) / SCALE.users).toBeGreaterThan(0.92);
    expect(n(mix!.verified) / SCALE.users).toBeLessThan(0.98);
    expect(n(mix!.disabled) / SCALE.users).toBeGreaterThan(0.005);
    expect(n(mix!.disabled) / SCALE.users).toBeLessThan(0.04);
    expect(n(mix!.admins)).toBe(seeded.admins);
    expect(n(mix!.not_onboarded)).toBe(0);
    expect(n(mix!.countries)).toBeGreaterThan(15);
    const span = Date.parse(String(mix!.last)) - Date.parse(String(mix!.first));
    expect(span / (24 * 3600 * 1000)).toBeGreaterThan(600);

    const statuses = await query<{ status: string; n: string | number }>(
      sql`select status, count(*) as n from tickets group by status`,
    );
    const share = (s: string) => n(statuses.find((r) => r.status === s)?.n ?? 0) / SCALE.tickets;
    expect(share('Unlocked') + share('Completed')).toBeGreaterThan(0.85);
    expect(share('Failed')).toBeGreaterThan(0);
    expect(share('Failed')).toBeLessThan(0.06);
    const [paid] = await query<{ completed: string | number }>(
      sql`select count(*) filter (where status = 'Completed') as completed from payments`,
    );
    expect(n(paid!.completed) / SCALE.payments).toBeGreaterThan(0.88);
  });

  it('keeps a ledger that adds up for every user: running balance in id order, never below zero', async () => {
    const broken = await query<{ id: string | number }>(sql`
      select id from (
        select id, balance_after, sum(delta) over (partition by user_id order by id) as running
        from credit_ledger
      ) l where l.running <> l.balance_after or l.balance_after < 0`);
    expect(broken).toEqual([]);
    const mismatched = await query<{ id: string }>(sql`
      select u.id from users u
      left join (select user_id, sum(delta) as total from credit_ledger group by user_id) s on s.user_id = u.id
      left join lateral (
        select balance_after from credit_ledger l where l.user_id = u.id order by l.id desc limit 1
      ) last on true
      where u.credits <> coalesce(s.total, 0) or u.credits <> coalesce(last.balance_after, 0)`);
    expect(mismatched).toEqual([]);
  });

  it('credits one purchase per completed payment and charges each downloaded Unlocked ticket once', async () => {
    const purchases = await query<{ problem: string }>(sql`
      select p.id as problem from payments p
      left join credit_ledger l on l.reference = 'payment:' || p.id and l.kind = 'purchase'
      group by p.id, p.status, p.credits
      having count(l.id) <> case when p.status = 'Completed' then 1 else 0 end
        or (p.status = 'Completed' and min(l.delta) <> p.credits)`);
    expect(purchases).toEqual([]);
    const charges = await query<{ problem: string }>(sql`
      select t.ticket_number::text as problem from tickets t
      left join credit_ledger l on l.reference = 'ticket:' || t.ticket_number and l.kind = 'download_charge'
      group by t.ticket_number, t.status, t.charged_at, t.credits_need
      having count(l.id) <> case when t.charged_at is not null and t.credits_need > 0 then 1 else 0 end
        or (t.charged_at is not null and t.status <> 'Unlocked')
        or (count(l.id) = 1 and min(l.delta) <> -t.credits_need)`);
    expect(charges).toEqual([]);
    const [charged] = await query<{ n: string | number }>(
      sql`select count(*) as n from tickets where charged_at is not null`,
    );
    expect(n(charged!.n)).toBe(seeded.chargedTickets);
    expect(seeded.chargedTickets).toBeGreaterThan(SCALE.tickets * 0.4);
  });

  it('prices payments from the packages with VAT, and totals money spent and files per user', async () => {
    const payments = await query<{
      package_id: string;
      subtotal_pence: number;
      vat_pence: number;
      amount_pence: number;
      price: number;
    }>(sql`select p.package_id, p.subtotal_pence, p.vat_pence, p.amount_pence, u.per_credit_price_pence as price
      from payments p join users u on u.id = p.user_id`);
    for (const p of payments) {
      const pkg = CREDIT_PACKAGES.find((x) => x.id === p.package_id)!;
      const quote = quotePackage(pkg, p.price);
      expect([p.subtotal_pence, p.vat_pence, p.amount_pence]).toEqual([
        quote.subtotalPence,
        quote.vatPence,
        quote.totalPence,
      ]);
    }
    const wrong = await query<{ id: string }>(sql`
      select u.id from users u
      left join (select user_id, sum(amount_pence) as spent from payments where status = 'Completed'
        group by user_id) p on p.user_id = u.id
      left join (select user_id, count(*) as files from tickets group by user_id) t on t.user_id = u.id
      where u.total_money_spent_pence <> coalesce(p.spent, 0) or u.total_files_submitted <> coalesce(t.files, 0)`);
    expect(wrong).toEqual([]);
  });

  it('writes each ticket created and its status changes in order, ending at its status', async () => {
    const wrong = await query<{ ticket_number: number }>(sql`
      select t.ticket_number from tickets t
      left join lateral (
        select count(*) filter (where kind = 'created') as created,
          (array_agg(detail ->> 'to' order by created_at, kind) filter (where kind = 'status_changed'))
            as steps
        from ticket_events e where e.ticket_id = t.id
      ) e on true
      where e.created <> 1 or coalesce(e.steps[array_length(e.steps, 1)], 'Pending') <> t.status`);
    expect(wrong).toEqual([]);
  });

  it('builds the same data from the same seed', () => {
    const numbering = { firstTicketNumber: 1, firstPaymentSerial: 1, firstLedgerId: 1 };
    const now = Date.parse('2025-06-01T12:00:00Z');
    const scale = { users: 200, tickets: 500, payments: 250, seed: 42 };
    const a = buildDemoDataset(scale, numbering, now);
    const b = buildDemoDataset(scale, numbering, now);
    expect(b).toEqual(a);
    expect(buildDemoDataset({ ...scale, seed: 43 }, numbering, now).users[10]).not.toEqual(a.users[10]);
  });
});

describe('the admin lists over the demo data', () => {
  it('GET /api/admin/getAllUsers pages through every user exactly once, newest first', async () => {
    const listed = await allPages<UserDto>(admin.client, '/api/admin/getAllUsers');
    const stored = await query<{ id: string }>(
      sql`select id from users where deleted_at is null order by created_at desc, id desc`,
    );
    expect(listed.map((u) => u._id)).toEqual(stored.map((u) => u.id));
  });

  it('GET /api/admin/getAllUsers?q=<a last name> finds exactly the users whose name, e-mail or role hold it', async () => {
    const people = await query<{
      id: string;
      first_name: string;
      last_name: string;
      email: string;
      role: string;
    }>(
      sql`select id, first_name, last_name, email, role from users where deleted_at is null
        order by created_at desc, id desc`,
    );
    const text = (u: (typeof people)[number]) =>
      `${u.first_name} ${u.last_name} ${u.email} ${u.role}`.toLowerCase();
    // A plain-ASCII surname held by a handful of users (case folding of other letters depends on
    // the database's locale).
    const counts = new Map<string, number>();
    for (const u of people) counts.set(u.last_name, (counts.get(u.last_name) ?? 0) + 1);
    const name = [...counts.entries()]
      .filter(([last, count]) => /^[A-Za-z]{4,}$/.test(last) && count >= 3 && count <= 30)
      .sort((a, b) => a[0].localeCompare(b[0]))[0]![0];
    for (const q of [name, name.toUpperCase(), name.slice(1, -1)]) {
      const expected = people.filter((u) => text(u).includes(q.toLowerCase())).map((u) => u.id);
      const found = await allPages<UserDto>(
        admin.client,
        `/api/admin/getAllUsers?q=${encodeURIComponent(q)}`,
        50,
      );
      expect(found.map((u) => u._id)).toEqual(expected);
    }
  });

  it('GET /api/admin/getAllDisabledUsers lists exactly the disabled users', async () => {
    const listed = await allPages<UserDto>(admin.client, '/api/admin/getAllDisabledUsers');
    const stored = await query<{ id: string }>(
      sql`select id from users where deleted_at is null and disabled order by created_at desc, id desc`,
    );
    expect(stored.length).toBeGreaterThan(5);
    expect(listed.map((u) => u._id)).toEqual(stored.map((u) => u.id));
    expect(listed.every((u) => u.disabled)).toBe(true);
  });

  it('GET /api/admin/getAllEcuFiles pages through every ticket exactly once, newest first', async () => {
    const listed = await allPages<TicketDto>(admin.client, '/api/admin/getAllEcuFiles');
    const stored = await query<{ ticket_number: number }>(
      sql`select ticket_number from tickets order by ticket_number desc`,
    );
    expect(listed.map((t) => t.ticketNumber)).toEqual(stored.map((t) => n(t.ticket_number)));
  });

  it('lets a demo tuner and a demo admin sign in with the passwords the run printed', async () => {
    const [tuner] = await query<{ email: string }>(
      sql`select email from users where role = 'user' and email_verified and not disabled
        and email not like '%@ecu.test' order by created_at limit 1`,
    );
    const res = await newClient(server).post<UserDto>('/api/auth/login', {
      email: tuner!.email,
      password: seeded.password,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.email).toBe(tuner!.email);
    const admin = newClient(server);
    const signedIn = await admin.post<UserDto>('/api/auth/login', {
      email: seeded.adminEmails[0],
      password: seeded.adminPassword,
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data.role).toBe('admin');
    expect(
      (await newClient(server).post('/api/auth/login', { email: tuner!.email, password: 'demo-password-1' }))
        .status,
    ).toBe(401);
  });
});

describe('seeding again', () => {
  it('refuses a database that holds an account the demo did not make', async () => {
    await signUpUser(server);
    await expect(seedDemo(server.deps.db, { users: 5, tickets: 5, payments: 5, ...HERE })).rejects.toThrow(
      /^Refused: the database holds 1 account\(s\) the demo did not make\. .* add --yes-really/,
    );
    await expect(
      seedDemo(server.deps.db, { users: 5, tickets: 5, payments: 5, target: HERE.target }),
    ).rejects.toThrow(DemoSeedRefusedError);
  });

  it('adds a second demo with --yes-really, through the triggers, with fresh numbers and e-mails; the ledger still adds up', async () => {
    const before = await query<{ n: string | number }>(sql`select count(*) as n from users`);
    const feedBefore = await query<{ n: string | number }>(sql`select count(*) as n from changes`);
    const more = await seedDemo(server.deps.db, {
      users: 50,
      tickets: 120,
      payments: 60,
      seed: 7,
      ...HERE,
      yesReally: true,
      bulkLoad: false,
    });
    expect(more.bulkLoad).toBe(false);
    const feedAfter = await query<{ n: string | number }>(sql`select count(*) as n from changes`);
    expect(n(feedAfter[0]!.n) - n(feedBefore[0]!.n)).toBe(50 + 120 + 60);
    const after = await query<{ n: string | number }>(sql`select count(*) as n from users`);
    expect(n(after[0]!.n) - n(before[0]!.n)).toBe(50);
    expect(more.tickets).toBe(120);
    // The library already holds the demo's solutions: none is added twice.
    expect(more.solutions).toBe(0);
    const [library] = await query<{ n: string | number }>(sql`select count(*) as n from solutions`);
    expect(n(library!.n)).toBe(seeded.solutions);
    expect(more.password).not.toBe(seeded.password);
    const broken = await query<{ id: string | number }>(sql`
      select id from (
        select id, balance_after, sum(delta) over (partition by user_id order by id) as running
        from credit_ledger
      ) l where l.running <> l.balance_after`);
    expect(broken).toEqual([]);
  });
});

describe("the demo's solution library", () => {
  const solutionCount = DEMO_SOFTWARE.reduce((sum, d) => sum + d.items.length, 0);

  it('holds approved solutions for each demo software, approved by a demo admin, that another car of it matches', async () => {
    const res = await admin.client.get<SolutionListDto>('/api/admin/solutions?state=approved&limit=100');
    expect(res.status, res.text).toBe(200);
    const listed = res.body.data.solutions;
    expect(listed).toHaveLength(solutionCount);
    const [approver] = await query<{ id: string }>(
      sql`select id from users where email = ${seeded.adminEmails[0]!}`,
    );
    for (const software of DEMO_SOFTWARE) {
      const mine = listed.filter((s) => s.softwareNumber === software.softwareNumber);
      expect(mine.map((s) => s.items[0]).sort()).toEqual(software.items.map((i) => i.item).sort());
      for (const s of mine) {
        expect(s).toMatchObject({
          maker: software.maker,
          family: software.family,
          fileSize: software.size,
          state: 'approved',
          approvedBy: { _id: approver!.id },
          sourceTicketNumber: null,
        });
        expect(s.bytesChanged).toBeGreaterThan(0);
      }
    }
    // Another car of the same software (another VIN) matches every range; a changed map does not.
    const [row] = await query<{
      file_size: string | number;
      ranges: { offset: number; original: string; patched: string }[];
    }>(
      sql`select file_size, ranges from solutions where software_number = ${DEMO_SOFTWARE[0]!.softwareNumber} order by id limit 1`,
    );
    const ranges = row!.ranges.map((r) => ({
      offset: r.offset,
      original: fromHex(r.original),
      patched: fromHex(r.patched),
    }));
    const otherCar = demoRead(DEMO_SOFTWARE[0]!, 'WBA8E9G50GNU00042');
    expect(checkRead(otherCar, { fileSize: n(row!.file_size), ranges }).match).toBe(true);
    const edited = otherCar.slice();
    edited[ranges[0]!.offset] = (edited[ranges[0]!.offset]! + 1) & 0xff;
    expect(checkRead(edited, { fileSize: n(row!.file_size), ranges }).match).toBe(false);
  });

  it('delivers a demo read automatically once the switch is on, with the exact tuned bytes', async () => {
    const on = await admin.client.put('/api/admin/settings', { automation: { automaticDelivery: true } });
    expect(on.status, on.text).toBe(200);
    const tuner = await verifiedUser(server);
    const software = DEMO_SOFTWARE[0]!;
    const read = demoRead(software, 'WVWZZZAUZKW654321');
    const { ticket } = await submitTicket(tuner.client, {
      ecuBytes: read,
      fields: { stage: 'Stage 1', options: ['EGR OFF'], notes: '', ecuId: '' },
    });
    await jobsSettled(server.deps.jobs);
    const own = await tuner.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.status).toBe('Unlocked');
    expect(own.body.data.ecuTunedFile?.sha256).toBe(
      sha256(demoTuned(software, read, ['Stage 1', 'EGR OFF'])),
    );
    const line = own.body.data.history?.find((h) => h.kind === 'auto_delivered');
    expect(line?.detail.tookSeconds).toEqual(expect.any(Number));
  }, 60_000);
});
