import { randomUUID } from 'node:crypto';
import type { EcuIdentification, StoredFileDto } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketEvents, ticketFiles, tickets, users } from '../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Every ticket answer (My Files, the details, the admin file list and its search, the sync
 * feed) held to the output written out below, key for key and in order: the JSON text of each
 * answer is compared, not its parsed value. The tickets are written straight into the
 * database, so every instant, id and tie is known.
 */

let server: TestServer;
let tuner: TestUser;
let other: TestUser;
let admin: TestUser;

const at = (iso: string) => new Date(iso);

interface SeededFile {
  id: string;
  kind: 'ecu' | 'common' | 'tuned';
  name: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

const sha = (c: string) => c.repeat(64);
const seededFile = (kind: SeededFile['kind'], name: string, size: number, c: string, createdAt: string) => ({
  id: randomUUID(),
  kind,
  name,
  size,
  sha256: sha(c),
  createdAt: at(createdAt),
});
const shown = (f: SeededFile): StoredFileDto => ({
  id: f.id,
  name: f.name,
  size: f.size,
  sha256: f.sha256,
  url: `/api/files/${f.id}`,
});

// Ticket A: every field, files stored at one instant (kept in storing order), a common file
// stored later, two tuned files (the newest is shown), charged, revised by D.
const aFiles = {
  ecu: seededFile('ecu', 'read.bin', 2_097_152, 'a', '2025-01-01T09:00:00.123456Z'),
  commonB: seededFile('common', 'dyno-b.csv', 10, 'b', '2025-01-01T09:00:00.123456Z'),
  commonA: seededFile('common', 'dyno-a.csv', 20, 'c', '2025-01-01T09:00:00.123456Z'),
  tunedOld: seededFile('tuned', 'tuned-old.bin', 30, 'd', '2025-01-02T09:00:00Z'),
  tunedNew: seededFile('tuned', 'tuned-new.bin', 40, 'e', '2025-01-02T11:00:00.5Z'),
  later: seededFile('common', 'later.txt', 50, 'f', '2025-01-01T12:00:00Z'),
};
// Ticket B: nothing optional, charged then refunded, a tuned file only.
const bTuned = seededFile('tuned', 'only.bin', 60, '1', '2025-02-01T00:00:00Z');
// Ticket D: a revision of A with A's original.
const dEcu = seededFile('ecu', 'read.bin', 2_097_152, 'a', '2025-03-01T08:00:00Z');
// Ticket E: the other customer's, with A's original bytes (A is its known original).
const eEcu = seededFile('ecu', 'same.bin', 2_097_152, 'a', '2025-04-01T08:00:00Z');

const identification = { maker: 'Bosch', family: 'EDC17' } as unknown as EcuIdentification;

interface Seeded {
  id: string;
  ticketNumber: number;
}
let a: Seeded;
let b: Seeded;
let c: Seeded;
let d: Seeded;
let e: Seeded;

beforeAll(async () => {
  server = await startTestServer();
  tuner = await verifiedUser(server);
  other = await verifiedUser(server, {
    firstName: 'Grace',
    lastName: 'Hopper',
    country: 'GB',
    city: 'Leeds',
    postalCode: 'LS1 1AA',
    address: '1 Park Row',
  });
  admin = await adminUser(server);
  const { db } = server.deps;
  const base = { make: 'BMW', model: '320d', year: '2019', stage: 'Stage 1' };
  const insert = async (values: typeof tickets.$inferInsert) => {
    const [row] = await db.insert(tickets).values(values).returning();
    return { id: row!.id, ticketNumber: row!.ticketNumber };
  };
  a = await insert({
    ...base,
    userId: tuner.user._id,
    registration: 'AB12 CDE',
    ecuId: 'EDC17C50',
    transmission: 'Manual',
    readTool: 'KESS3',
    readType: 'OBD',
    masterSlave: 'Master',
    options: ['EGR OFF', 'DPF OFF'],
    dtcCodes: [
      { code: 'P0401', removed: true },
      { code: 'P1234', removed: false },
    ],
    notes: 'Ünïcödé "quotes" \\ and\nnew line',
    creditsNeed: 4,
    status: 'Completed',
    chargedAt: at('2025-01-01T09:00:01Z'),
    createdAt: at('2025-01-01T09:00:00.123456Z'),
    updatedAt: at('2025-01-03T10:00:00.999999Z'),
    ecuIdentification: identification,
  });
  b = await insert({
    ...base,
    userId: tuner.user._id,
    make: 'Audi',
    model: 'A4',
    registration: 'XY34 ZZZ',
    creditsNeed: 0,
    status: 'Failed',
    chargedAt: at('2025-02-01T00:00:00Z'),
    refundedAt: at('2025-02-02T00:00:00Z'),
    createdAt: at('2025-02-01T00:00:00Z'),
    updatedAt: at('2025-02-02T00:00:00.000001Z'),
  });
  c = await insert({
    ...base,
    userId: tuner.user._id,
    registration: 'CC11 CCC',
    creditsNeed: 2,
    createdAt: at('2025-02-15T00:00:00Z'),
    updatedAt: at('2025-02-15T00:00:00Z'),
  });
  d = await insert({
    ...base,
    userId: tuner.user._id,
    registration: 'AB12 CDE',
    options: ['EGR OFF'],
    creditsNeed: 1,
    status: 'In Progress',
    parentTicketId: a.id,
    createdAt: at('2025-03-01T08:00:00Z'),
    updatedAt: at('2025-03-01T08:00:00Z'),
  });
  e = await insert({
    ...base,
    userId: other.user._id,
    registration: 'EE55 EEE',
    creditsNeed: 3,
    createdAt: at('2025-04-01T08:00:00Z'),
    updatedAt: at('2025-04-01T08:00:00Z'),
  });
  const store = (ticketId: string, files: SeededFile[]) =>
    db
      .insert(ticketFiles)
      .values(files.map((f) => ({ ...f, ticketId, storageKey: `test/${f.id}` })))
      .then(() => undefined);
  // One insert per instant, in the order the files were stored.
  await store(a.id, [aFiles.ecu, aFiles.commonB, aFiles.commonA]);
  await store(a.id, [aFiles.tunedOld]);
  await store(a.id, [aFiles.tunedNew]);
  await store(a.id, [aFiles.later]);
  await store(b.id, [bTuned]);
  await store(d.id, [dEcu]);
  await store(e.id, [eEcu]);
  const [adminRow] = await db.select().from(users).where(eq(users.email, admin.email));
  await db.insert(ticketEvents).values([
    {
      ticketId: a.id,
      kind: 'created',
      actorId: tuner.user._id,
      createdAt: at('2025-01-01T09:00:00.123456Z'),
    },
    {
      ticketId: a.id,
      kind: 'status_changed',
      actorId: adminRow!.id,
      detail: { from: 'Pending', to: 'Completed' },
      createdAt: at('2025-01-02T11:00:00Z'),
    },
    {
      ticketId: a.id,
      kind: 'tuned_uploaded',
      actorId: null,
      detail: { name: 'tuned-new.bin', reusedFrom: 100001 },
      createdAt: at('2025-01-02T11:00:00.5Z'),
    },
  ]);
});
afterAll(() => server?.close());

const ticketA = () => ({
  _id: a.id,
  ticketNumber: a.ticketNumber,
  make: 'BMW',
  model: '320d',
  year: '2019',
  registration: 'AB12 CDE',
  ecuId: 'EDC17C50',
  transmission: 'Manual',
  readTool: 'KESS3',
  readType: 'OBD',
  masterSlave: 'Master',
  stage: 'Stage 1',
  options: ['EGR OFF', 'DPF OFF'],
  dtcCodes: [
    { code: 'P0401', removed: true },
    { code: 'P1234', removed: false },
  ],
  notes: 'Ünïcödé "quotes" \\ and\nnew line',
  creditsNeed: 4,
  status: 'Completed',
  charged: true,
  createdAt: '2025-01-01T09:00:00.123Z',
  updatedAt: '2025-01-03T10:00:00.999Z',
  ecuFile: shown(aFiles.ecu),
  commonFiles: [shown(aFiles.commonB), shown(aFiles.commonA), shown(aFiles.later)],
  ecuTunedFile: shown(aFiles.tunedNew),
});
const ticketB = () => ({
  _id: b.id,
  ticketNumber: b.ticketNumber,
  make: 'Audi',
  model: 'A4',
  year: '2019',
  registration: 'XY34 ZZZ',
  ecuId: null,
  transmission: null,
  readTool: null,
  readType: null,
  masterSlave: null,
  stage: 'Stage 1',
  options: [],
  dtcCodes: [],
  notes: null,
  creditsNeed: 0,
  status: 'Failed',
  charged: false,
  createdAt: '2025-02-01T00:00:00.000Z',
  updatedAt: '2025-02-02T00:00:00.000Z',
  ecuFile: null,
  commonFiles: [],
  ecuTunedFile: shown(bTuned),
});
const ticketC = () => ({
  _id: c.id,
  ticketNumber: c.ticketNumber,
  make: 'BMW',
  model: '320d',
  year: '2019',
  registration: 'CC11 CCC',
  ecuId: null,
  transmission: null,
  readTool: null,
  readType: null,
  masterSlave: null,
  stage: 'Stage 1',
  options: [],
  dtcCodes: [],
  notes: null,
  creditsNeed: 2,
  status: 'Pending',
  charged: false,
  createdAt: '2025-02-15T00:00:00.000Z',
  updatedAt: '2025-02-15T00:00:00.000Z',
  ecuFile: null,
  commonFiles: [],
  ecuTunedFile: null,
});
const ticketD = () => ({
  _id: d.id,
  ticketNumber: d.ticketNumber,
  make: 'BMW',
  model: '320d',
  year: '2019',
  registration: 'AB12 CDE',
  ecuId: null,
  transmission: null,
  readTool: null,
  readType: null,
  masterSlave: null,
  stage: 'Stage 1',
  options: ['EGR OFF'],
  dtcCodes: [],
  notes: null,
  creditsNeed: 1,
  status: 'In Progress',
  charged: false,
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
  ecuFile: shown(dEcu),
  commonFiles: [],
  ecuTunedFile: null,
});
const ticketE = () => ({
  _id: e.id,
  ticketNumber: e.ticketNumber,
  make: 'BMW',
  model: '320d',
  year: '2019',
  registration: 'EE55 EEE',
  ecuId: null,
  transmission: null,
  readTool: null,
  readType: null,
  masterSlave: null,
  stage: 'Stage 1',
  options: [],
  dtcCodes: [],
  notes: null,
  creditsNeed: 3,
  status: 'Pending',
  charged: false,
  createdAt: '2025-04-01T08:00:00.000Z',
  updatedAt: '2025-04-01T08:00:00.000Z',
  ecuFile: shown(eEcu),
  commonFiles: [],
  ecuTunedFile: null,
});
/** What admin answers add: the owner, and the assignee (nobody works these tickets). */
const owner = (who: TestUser) => ({
  userId: {
    _id: who.user._id,
    firstName: who.user.firstName,
    lastName: who.user.lastName,
    email: who.email,
    locale: 'en',
  },
  assignee: null,
});

/** The envelope's text around `data`, as the routes write it. */
const envelope = (message: string, data: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ success: true, message, data, ...extra });

describe('My Files', () => {
  it('answers the caller tickets, newest first, paged by ticket number', async () => {
    const all = await tuner.client.get('/api/ecuFile/my-files');
    expect(all.status).toBe(200);
    expect(all.text).toBe(
      envelope('Your files', [ticketD(), ticketC(), ticketB(), ticketA()], { nextCursor: null }),
    );
    const first = await tuner.client.get('/api/ecuFile/my-files?limit=3');
    expect(first.text).toBe(
      envelope('Your files', [ticketD(), ticketC(), ticketB()], { nextCursor: String(b.ticketNumber) }),
    );
    const rest = await tuner.client.get(`/api/ecuFile/my-files?limit=3&cursor=${b.ticketNumber}`);
    expect(rest.text).toBe(envelope('Your files', [ticketA()], { nextCursor: null }));
  });
});

describe('the details', () => {
  const historyOfA = (forAdmin: boolean) => [
    {
      kind: 'created',
      at: '2025-01-01T09:00:00.123Z',
      by: `${tuner.user.firstName} ${tuner.user.lastName}`,
      detail: {},
    },
    {
      kind: 'status_changed',
      at: '2025-01-02T11:00:00.000Z',
      by: `${admin.user.firstName} ${admin.user.lastName} (admin)`,
      // As jsonb keeps an object: shorter keys first.
      detail: { to: 'Completed', from: 'Pending' },
    },
    {
      kind: 'tuned_uploaded',
      at: '2025-01-02T11:00:00.500Z',
      by: null,
      detail: forAdmin ? { name: 'tuned-new.bin', reusedFrom: 100001 } : { name: 'tuned-new.bin' },
    },
  ];
  const chainOfA = () => ({
    revisionOf: null,
    revisions: [
      { ticketNumber: d.ticketNumber, status: 'In Progress', createdAt: '2025-03-01T08:00:00.000Z' },
    ],
    chainStartedAt: '2025-01-01T09:00:00.123Z',
  });

  it("a customer's: the history without the desk's notes, the identification, the chain", async () => {
    const res = await tuner.client.get(`/api/ecuFile/getTicketDetails/${a.ticketNumber}`);
    expect(res.text).toBe(
      envelope('Ticket details', {
        ...ticketA(),
        history: historyOfA(false),
        ecuIdentification: identification,
        ...chainOfA(),
        // The owner's own rating (docs/decisions/089-ratings.md): none yet.
        rating: null,
        // No different plan waits for the customer (docs/decisions/091-counter-offers.md).
        counterOffer: null,
      }),
    );
    const revision = await tuner.client.get(`/api/ecuFile/getTicketDetails/${d.ticketNumber}`);
    expect(revision.text).toBe(
      envelope('Ticket details', {
        ...ticketD(),
        history: [],
        ecuIdentification: null,
        revisionOf: { ticketNumber: a.ticketNumber },
        revisions: [],
        chainStartedAt: '2025-01-01T09:00:00.123Z',
        rating: null,
        counterOffer: null,
      }),
    );
  });

  it("an admin's: the owner, through both routes, and the known original", async () => {
    const expected = {
      ...ticketA(),
      history: historyOfA(true),
      ecuIdentification: identification,
      ...chainOfA(),
    };
    const viaCustomerRoute = await admin.client.get(`/api/ecuFile/getTicketDetails/${a.ticketNumber}`);
    expect(viaCustomerRoute.text).toBe(
      envelope('Ticket details', { ...expected, ...owner(tuner), counterOffer: null }),
    );
    const desk = await admin.client.get(`/api/admin/getTicketDetails/${e.ticketNumber}`);
    expect(desk.text).toBe(
      envelope('Ticket details', {
        ...ticketE(),
        history: [],
        ecuIdentification: null,
        revisionOf: null,
        revisions: [],
        chainStartedAt: '2025-04-01T08:00:00.000Z',
        ...owner(other),
        knownOriginal: {
          ticketNumber: a.ticketNumber,
          stage: 'Stage 1',
          options: ['EGR OFF', 'DPF OFF'],
          status: 'Completed',
          tunedFile: shown(aFiles.tunedNew),
        },
        counterOffer: null,
      }),
    );
  });
});

describe('the admin file list', () => {
  it('answers every customer tickets with their owners, paged, filtered and searched', async () => {
    const withOwner = (t: object, who: TestUser) => ({ ...t, ...owner(who) });
    const all = await admin.client.get('/api/admin/getAllEcuFiles');
    expect(all.text).toBe(
      envelope(
        'ECU files',
        [
          withOwner(ticketE(), other),
          withOwner(ticketD(), tuner),
          withOwner(ticketC(), tuner),
          withOwner(ticketB(), tuner),
          withOwner(ticketA(), tuner),
        ],
        { nextCursor: null },
      ),
    );
    const page = await admin.client.get('/api/admin/getAllEcuFiles?limit=2');
    expect(page.text).toBe(
      envelope('ECU files', [withOwner(ticketE(), other), withOwner(ticketD(), tuner)], {
        nextCursor: String(d.ticketNumber),
      }),
    );
    const next = await admin.client.get(`/api/admin/getAllEcuFiles?limit=2&cursor=${d.ticketNumber}`);
    expect(next.text).toBe(
      envelope('ECU files', [withOwner(ticketC(), tuner), withOwner(ticketB(), tuner)], {
        nextCursor: String(b.ticketNumber),
      }),
    );
    const pending = await admin.client.get('/api/admin/getAllEcuFiles?status=Pending');
    expect(pending.text).toBe(
      envelope('ECU files', [withOwner(ticketE(), other), withOwner(ticketC(), tuner)], { nextCursor: null }),
    );
    const searched = await admin.client.get('/api/admin/getAllEcuFiles?q=ab12cde&limit=1');
    expect(searched.text).toBe(
      envelope('ECU files', [withOwner(ticketD(), tuner)], { nextCursor: String(d.ticketNumber) }),
    );
    const byOwner = await admin.client.get(
      `/api/admin/getAllEcuFiles?q=hopper&cursor=${e.ticketNumber + 1}&status=Pending`,
    );
    expect(byOwner.text).toBe(envelope('ECU files', [withOwner(ticketE(), other)], { nextCursor: null }));
  });
});

describe('the sync feed', () => {
  it('carries each ticket as the ticket routes answer it, in the envelope of the changes', async () => {
    const res = await tuner.client.get('/api/sync');
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text) as {
      data: { changes: { entity: string; id: string; deleted: boolean; value: unknown }[]; cursor: string };
      nextCursor: string;
    };
    expect(Object.keys(body)).toEqual(['success', 'message', 'data', 'nextCursor']);
    expect(Object.keys(body.data)).toEqual(['changes', 'cursor', 'hasMore', 'resync']);
    const ticketChanges = body.data.changes.filter((change) => change.entity === 'ticket');
    // In the order of each ticket's latest change; E is not the caller's.
    expect(JSON.stringify(ticketChanges)).toBe(
      JSON.stringify(
        [ticketA(), ticketB(), ticketC(), ticketD()].map((t) => ({
          entity: 'ticket',
          id: t._id,
          deleted: false,
          value: t,
        })),
      ),
    );
    const rest = body.data.changes.filter((change) => change.entity !== 'ticket');
    expect(res.text).toBe(
      JSON.stringify({
        success: true,
        message: 'Changes',
        data: {
          changes: body.data.changes,
          cursor: body.data.cursor,
          hasMore: false,
          resync: false,
        },
        nextCursor: body.nextCursor,
      }),
    );
    expect(rest.map((change) => change.entity)).toEqual(['user']);
  });
});
