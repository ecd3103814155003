import type { SolutionDto, SolutionListDto, TicketDto, TicketSolutionMatchDto } from '@ecu/shared';
import { boschEdc17Read, KB, makeBinary } from '@ecu/shared/ecu-identify/test-binaries';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, ticketFiles } from '../db/schema';
import { buyCredits } from '../test/credits-helpers';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { startTestServer, type TestServer } from '../test/test-server';
import { download, setStatus, sha256, submitTicket, uploadTunedMultipart } from '../test/ticket-helpers';
import { readIdentifiedQueue } from '../tickets';

let server: TestServer;
let first: TestUser;
let second: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [first, second, admin] = await Promise.all([verifiedUser(server), verifiedUser(server), adminUser(server)]);
  // Enough for the downloads of this file (each ticket costs a few credits).
  await buyCredits(second.client, '48credits');
  await automaticDelivery(true);
});
afterAll(async () => {
  await server?.close();
});

async function automaticDelivery(on: boolean) {
  const res = await admin.client.put('/api/admin/settings', { automation: { automaticDelivery: on } });
  expect(res.status, res.text).toBe(200);
}

let nextSoftware = 1037540000;
/** A software number of its own for each test: the library is shared by the whole file. */
const newSoftware = () => String(++nextSoftware);

/**
 * A Bosch EDC17C46 read of 512 KB (a known flash size) with this software number; `vin`
 * stands for the bytes that differ between two cars of one software (outside any tune).
 */
function boschRead(software: string, vin = 'WVWZZZ1KZAW000001', seed = 7): Uint8Array {
  return boschEdc17Read({ size: 512 * KB, seed, software, vin });
}

/** What an engineer changes: a map at 0x1000 and a limiter at 0x20000 (+ `shift`). */
function tune(read: Uint8Array, shift = 0): Uint8Array {
  const out = read.slice();
  out.fill(0x42, 0x1000 + shift, 0x1010 + shift);
  out.fill(0x99, 0x20000 + shift, 0x20004 + shift);
  return out;
}

/** The plan of a ticket without notes and with no ECU picked (so no mismatch warning). */
const plan = (stage: string, options: string[], extra: Record<string, unknown> = {}) => ({
  fields: { stage, options, notes: '', ecuId: '', ...extra },
});

/** A ticket of `who` with this read, tuned by the admin with `tuned` and set Completed. */
async function deliveredTicket(
  who: TestUser,
  read: Uint8Array,
  tuned: Uint8Array,
  stage: string,
  options: string[],
) {
  const { ticket } = await submitTicket(who.client, { ecuBytes: read, ...plan(stage, options) });
  const res = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
    bytes: tuned,
    name: 'tuned.bin',
  });
  expect(res.status, res.text).toBe(200);
  await setStatus(admin.client, ticket._id, 'Completed');
  return ticket;
}

async function makeSolution(body: Record<string, unknown>) {
  const res = await admin.client.post<SolutionDto>('/api/admin/solutions', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** A new ticket of `who`, once every job it started (matching, mails) has run. */
async function submitAndSettle(who: TestUser, read: Uint8Array, fields: ReturnType<typeof plan>) {
  const { ticket } = await submitTicket(who.client, { ecuBytes: read, ...fields });
  await jobsSettled(server.deps.jobs);
  const own = await who.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
  return { ticket: own.body.data, text: own.text };
}

async function matches(ticketNumber: number) {
  const res = await admin.client.get<TicketSolutionMatchDto | null>(
    `/api/admin/solutions/matches/${ticketNumber}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('the solution library', () => {
  it('makes a solution from a delivered ticket only, once, audited, and lists it by software number', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const { ticket } = await submitTicket(first.client, { ecuBytes: read, ...plan('Stage 1', ['EGR OFF']) });

    const early = await admin.client.post('/api/admin/solutions', { ticketNumber: ticket.ticketNumber });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/is Pending: a solution is made from a delivered ticket/);

    const res = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
      bytes: tune(read),
      name: 't.bin',
    });
    expect(res.status).toBe(200);
    await setStatus(admin.client, ticket._id, 'Completed');

    const solution = await makeSolution({ ticketNumber: ticket.ticketNumber });
    expect(solution).toMatchObject({
      maker: 'Bosch',
      softwareNumber: software,
      hardwareNumber: '0281019617',
      fileSize: 512 * KB,
      stage: 'Stage 1',
      options: ['EGR OFF'],
      items: ['Stage 1', 'EGR OFF'],
      rangeCount: 2,
      state: 'draft',
      approvedBy: null,
      includesChecksum: false,
      timesUsed: 0,
      sourceTicketNumber: ticket.ticketNumber,
    });
    expect(solution.bytesChanged).toBeGreaterThan(0);
    expect(solution.bytesChanged).toBeLessThanOrEqual(20);

    const again = await admin.client.post('/api/admin/solutions', { ticketNumber: ticket.ticketNumber });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`solution #${solution.id}`);

    const list = await admin.client.get<SolutionListDto>(`/api/admin/solutions?q=${software}`);
    expect(list.body.data.solutions.map((s) => s.id)).toEqual([solution.id]);
    const other = await admin.client.get<SolutionListDto>('/api/admin/solutions?q=999');
    expect(other.body.data.solutions).toEqual([]);

    const approved = await admin.client.post<SolutionDto>(`/api/admin/solutions/${solution.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ state: 'approved', approvedBy: { _id: admin.user._id } });
    const trail = await server.deps.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, 'solution'), eq(adminAudit.targetId, String(solution.id))));
    expect(trail.map((a) => a.action).sort()).toEqual(['solution.approve', 'solution.create']);
    expect(trail.every((a) => a.actorId === admin.user._id)).toBe(true);
  });

  it('refuses a tuned file of another size and a tuned file equal to the original', async () => {
    const read = boschRead(newSoftware());
    const longer = Buffer.concat([read, Buffer.alloc(16)]);
    const sized = await deliveredTicket(first, read, longer, 'Stage 1', ['EGR OFF']);
    const res = await admin.client.post('/api/admin/solutions', { ticketNumber: sized.ticketNumber });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/same size/);

    const same = await deliveredTicket(
      first,
      boschRead(newSoftware()),
      boschRead(String(nextSoftware)),
      'Stage 1',
      ['EGR OFF'],
    );
    const nothing = await admin.client.post('/api/admin/solutions', { ticketNumber: same.ticketNumber });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toMatch(/nothing changed/);
  });

  it('delivers a second tuner’s read with other VIN bytes automatically, with the exact expected bytes', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const source = await deliveredTicket(first, read, tune(read), 'Stage 1', ['EGR OFF', 'DPF-FAP OFF']);
    const solution = await makeSolution({ ticketNumber: source.ticketNumber, approve: true });
    expect(solution.state).toBe('approved');

    const otherCar = boschRead(software, 'WBA8E9G50GNU00042');
    expect(sha256(otherCar)).not.toBe(sha256(read));
    const { ticket, text } = await submitAndSettle(
      second,
      otherCar,
      plan('Stage 1', ['DPF-FAP OFF', 'EGR OFF']),
    );
    expect(ticket.status).toBe('Unlocked');
    const line = ticket.history!.find((h) => h.kind === 'auto_delivered');
    expect(line?.detail.message).toMatch(
      new RegExp(
        `^Delivered automatically from solution #${solution.id} \\(approved by .+ on \\d{4}-\\d{2}-\\d{2}\\)$`,
      ),
    );
    expect(line?.detail.checksumNote).toMatch(/flashing tool must correct/);
    expect(line?.by).toBeNull();
    // Nothing of the other tuner's ticket reaches this one.
    expect(text).not.toContain(String(source.ticketNumber));
    expect(text).not.toContain('tuned.bin');
    expect(ticket.ecuTunedFile?.name).toBe(`tuned-${ticket.ticketNumber}.bin`);

    const eligible = await second.client.post<{ eligible: boolean; url: string }>(
      '/api/ecuFile/isEligibleToDownload',
      { ticketNumber: ticket.ticketNumber },
    );
    expect(eligible.body.data.eligible).toBe(true);
    const got = await download(second.client, eligible.body.data.url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.bytes, Buffer.from(tune(otherCar)))).toBe(0);

    const mail = await server.smtp.nextMail(second.email);
    expect(mail.subject).toContain(`ticket ${ticket.ticketNumber}: your tuned file is ready`);
    expect(mail.text).toMatch(/flashing tool must correct/);

    expect(await matches(ticket.ticketNumber)).toMatchObject({
      outcome: 'delivered',
      skipped: null,
      covered: ['Stage 1', 'DPF-FAP OFF', 'EGR OFF'],
      remaining: [],
      candidates: [{ solutionId: solution.id, result: 'matched', reason: null, used: true }],
    });
    // Reversible like any delivery: Failed refunds the download charge.
    expect(await setStatus(admin.client, ticket._id, 'Failed')).toEqual({ changed: true, refunded: true });

    const listed = await admin.client.get<SolutionListDto>(`/api/admin/solutions?q=${software}`);
    expect(listed.body.data.solutions[0]).toMatchObject({ timesUsed: 1 });
    expect(listed.body.data.solutions[0]!.lastUsedAt).not.toBeNull();
  });

  it('does not deliver a read that differs by one byte inside a range, and says which range', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const source = await deliveredTicket(first, read, tune(read), 'Stage 1', ['EGR OFF']);
    const solution = await makeSolution({
      ticketNumber: source.ticketNumber,
      approve: true,
      includesChecksum: true,
    });
    const changed = read.slice();
    changed[0x20001] = (changed[0x20001]! + 1) % 256;

    const { ticket } = await submitAndSettle(second, changed, plan('Stage 1', ['EGR OFF']));
    expect(ticket.status).toBe('Pending');
    expect(ticket.ecuTunedFile).toBeNull();
    const nothing = await download(
      admin.client,
      `/api/admin/solutions/matches/${ticket.ticketNumber}/prepared`,
    );
    expect(nothing.status).toBe(404);
    expect(await matches(ticket.ticketNumber)).toMatchObject({
      outcome: 'none',
      covered: [],
      remaining: ['Stage 1', 'EGR OFF'],
      candidates: [
        { solutionId: solution.id, result: 'almost', reason: 'range at 0x20000 differs', used: false },
      ],
    });
  });

  it('covers a plan with single-option solutions, partly or wholly', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const egrTuned = read.slice();
    egrTuned.fill(0x11, 0x3000, 0x3008);
    const dpfTuned = read.slice();
    dpfTuned.fill(0x22, 0x6000, 0x6008);
    const egr = await deliveredTicket(first, read, egrTuned, 'No Engine Mud', ['EGR OFF']);
    const dpf = await deliveredTicket(first, read, dpfTuned, 'No Engine Mud', ['DPF-FAP OFF']);
    const egrSolution = await makeSolution({ ticketNumber: egr.ticketNumber, approve: true });
    const dpfSolution = await makeSolution({ ticketNumber: dpf.ticketNumber });

    // Only EGR OFF approved: the ticket waits for an engineer, who sees what is done.
    const partial = await submitAndSettle(
      second,
      boschRead(software, 'VIN0000000000000A'),
      plan('No Engine Mud', ['EGR OFF', 'DPF-FAP OFF']),
    );
    expect(partial.ticket.status).toBe('Pending');
    expect(await matches(partial.ticket.ticketNumber)).toMatchObject({
      outcome: 'partial',
      covered: ['EGR OFF'],
      remaining: ['DPF-FAP OFF'],
    });

    // The engineer starts from the read with EGR OFF applied.
    const prepared = await download(
      admin.client,
      `/api/admin/solutions/matches/${partial.ticket.ticketNumber}/prepared`,
    );
    expect(prepared.status).toBe(200);
    const withEgr = boschRead(software, 'VIN0000000000000A');
    withEgr.fill(0x11, 0x3000, 0x3008);
    expect(Buffer.compare(prepared.bytes, Buffer.from(withEgr))).toBe(0);
    const tunerAsks = await download(
      second.client,
      `/api/admin/solutions/matches/${partial.ticket.ticketNumber}/prepared`,
    );
    expect(tunerAsks.status).toBe(403);

    await admin.client.post(`/api/admin/solutions/${dpfSolution.id}/approve`, {});
    const car = boschRead(software, 'VIN0000000000000B');
    const whole = await submitAndSettle(second, car, plan('No Engine Mud', ['EGR OFF', 'DPF-FAP OFF']));
    expect(whole.ticket.status).toBe('Unlocked');
    const message = String(whole.ticket.history!.find((h) => h.kind === 'auto_delivered')?.detail.message);
    expect(message).toContain(`solution #${egrSolution.id}`);
    expect(message).toContain(`solution #${dpfSolution.id}`);
    const expected = car.slice();
    expected.fill(0x11, 0x3000, 0x3008);
    expected.fill(0x22, 0x6000, 0x6008);
    const eligible = await second.client.post<{ url: string }>('/api/ecuFile/isEligibleToDownload', {
      ticketNumber: whole.ticket.ticketNumber,
    });
    const got = await download(second.client, eligible.body.data.url);
    expect(Buffer.compare(got.bytes, Buffer.from(expected))).toBe(0);
  });

  it('never delivers automatically a read with a warning, a ticket with notes, or with the switch off', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const source = await deliveredTicket(first, read, tune(read), 'Stage 1', ['EGR OFF']);
    await makeSolution({ ticketNumber: source.ticketNumber, approve: true });

    // The tuner picked another ECU than the read is: an ecu-mismatch warning.
    const mismatch = await submitAndSettle(second, read, plan('Stage 1', ['EGR OFF'], { ecuId: 'EDC17C50' }));
    expect(mismatch.ticket.ecuIdentification?.warnings.map((w) => w.code)).toContain('ecu-mismatch');
    expect(mismatch.ticket.status).toBe('Pending');
    expect(await matches(mismatch.ticket.ticketNumber)).toMatchObject({
      outcome: 'covered',
      skipped: expect.stringMatching(/ecu-mismatch warning/),
    });

    const noted = await submitAndSettle(
      second,
      read,
      plan('Stage 1', ['EGR OFF'], { notes: 'Keep the speed limiter' }),
    );
    expect(noted.ticket.status).toBe('Pending');
    expect((await matches(noted.ticket.ticketNumber))?.skipped).toMatch(/notes/);

    await automaticDelivery(false);
    try {
      const off = await submitAndSettle(second, read, plan('Stage 1', ['EGR OFF']));
      expect(off.ticket.status).toBe('Pending');
      expect((await matches(off.ticket.ticketNumber))?.skipped).toBe(
        'Automatic delivery is off in Settings.',
      );
    } finally {
      await automaticDelivery(true);
    }
    const on = await submitAndSettle(second, read, plan('Stage 1', ['EGR OFF']));
    expect(on.ticket.status).toBe('Unlocked');
  });

  it('stops using a retired solution at once, and does not approve it again', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const source = await deliveredTicket(first, read, tune(read), 'Stage 1', ['EGR OFF']);
    const solution = await makeSolution({ ticketNumber: source.ticketNumber, approve: true });
    const retired = await admin.client.post<SolutionDto>(`/api/admin/solutions/${solution.id}/retire`, {});
    expect(retired.status).toBe(200);
    expect(retired.body.data.state).toBe('retired');
    expect(retired.body.data.retiredAt).not.toBeNull();

    const { ticket } = await submitAndSettle(second, read, plan('Stage 1', ['EGR OFF']));
    expect(ticket.status).toBe('Pending');
    expect(await matches(ticket.ticketNumber)).toMatchObject({ outcome: 'none', candidates: [] });

    const again = await admin.client.post(`/api/admin/solutions/${solution.id}/approve`, {});
    expect(again.status).toBe(409);
    const missing = await admin.client.post('/api/admin/solutions/2000000000/retire', {});
    expect(missing.status).toBe(404);
  });

  it('matches a requested change against the library for the engineer, and never delivers it automatically', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const egrTuned = read.slice();
    egrTuned.fill(0x11, 0x3000, 0x3008);
    const dpfTuned = read.slice();
    dpfTuned.fill(0x22, 0x6000, 0x6008);
    const egr = await deliveredTicket(first, read, egrTuned, 'No Engine Mud', ['EGR OFF']);
    const dpf = await deliveredTicket(first, read, dpfTuned, 'No Engine Mud', ['DPF-FAP OFF']);
    await makeSolution({ ticketNumber: egr.ticketNumber, approve: true });
    await makeSolution({ ticketNumber: dpf.ticketNumber, approve: true });

    // The second tuner's EGR OFF is delivered from the library; then they ask for DPF-FAP OFF too.
    const car = boschRead(software, 'WBA8E9G50GNU00077');
    const parent = await submitAndSettle(second, car, plan('No Engine Mud', ['EGR OFF']));
    expect(parent.ticket.status).toBe('Unlocked');
    const change = await second.client.post<TicketDto>('/api/ecuFile/request-change', {
      parentTicketNumber: parent.ticket.ticketNumber,
      stage: 'No Engine Mud',
      options: ['EGR OFF', 'DPF-FAP OFF'],
      notes: '',
    });
    expect(change.status, change.text).toBe(201);
    await jobsSettled(server.deps.jobs);
    const revision = await second.client.get<TicketDto>(
      `/api/ecuFile/getTicketDetails/${change.body.data.ticketNumber}`,
    );
    expect(revision.body.data.status).toBe('Pending');
    expect(await matches(change.body.data.ticketNumber)).toMatchObject({
      outcome: 'covered',
      skipped: expect.stringMatching(/^A change to a delivered ticket: an engineer must start from/),
      covered: ['EGR OFF', 'DPF-FAP OFF'],
      remaining: [],
    });
    // The engineer may start from the library's file all the same.
    const prepared = await download(
      admin.client,
      `/api/admin/solutions/matches/${change.body.data.ticketNumber}/prepared`,
    );
    const expected = car.slice();
    expected.fill(0x11, 0x3000, 0x3008);
    expected.fill(0x22, 0x6000, 0x6008);
    expect(Buffer.compare(prepared.bytes, Buffer.from(expected))).toBe(0);
  });

  it('says on the card that the check failed when its job failed on every try', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const source = await deliveredTicket(first, read, tune(read), 'Stage 1', ['EGR OFF']);
    await makeSolution({ ticketNumber: source.ticketNumber, approve: true });
    // Notes keep it Pending, so that it is matched again below.
    const { ticket } = await submitAndSettle(
      second,
      boschRead(software, 'WBA8E9G50GNU00099'),
      plan('Stage 1', ['EGR OFF'], { notes: 'Keep the speed limiter' }),
    );
    expect(await matches(ticket.ticketNumber)).toMatchObject({ outcome: 'covered' });

    // The stored read is gone (a store that lost it): every try of the next matching fails.
    const [file] = await server.deps.db
      .select({ storageKey: ticketFiles.storageKey })
      .from(ticketFiles)
      .where(and(eq(ticketFiles.ticketId, ticket._id), eq(ticketFiles.kind, 'ecu')));
    await server.deps.storage.remove(file!.storageKey);
    await server.deps.jobs.send(
      readIdentifiedQueue,
      { ticketId: ticket._id },
      { key: `read-identified:${ticket._id}`, about: { label: 'Match again' } },
    );
    // Five retries a second or two apart (the test server's policy).
    await jobsSettled(server.deps.jobs, 90_000);
    const jobs = await server.deps.jobs.boss.findJobs(readIdentifiedQueue.name, {
      key: `read-identified:${ticket._id}`,
    });
    expect(jobs.map((j) => [j.state, j.retryCount]).sort()).toEqual([
      ['completed', 0],
      ['failed', 5],
    ]);
    expect(await matches(ticket.ticketNumber)).toMatchObject({
      outcome: 'failed',
      skipped: 'The check failed 6 times (the server log says why): an engineer must look at the ticket.',
      softwareNumber: software,
      covered: [],
      remaining: ['Stage 1', 'EGR OFF'],
      candidates: [],
    });
  });

  it('makes a single-option solution from an uploaded original + modified pair', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const modified = read.slice();
    modified.fill(0x33, 0x7000, 0x7010);
    const pair = (
      fields: Record<string, string>,
      files: { original?: Uint8Array; modified?: Uint8Array },
    ) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (files.original) form.append('original', new Blob([files.original]), 'ori.bin');
      if (files.modified) form.append('modified', new Blob([files.modified]), 'mod.bin');
      return form;
    };
    const upload = (client: TestUser['client'], form: FormData) =>
      client.request<SolutionDto>('POST', '/api/admin/solutions/upload', { body: form });

    expect((await upload(first.client, pair({ item: 'EGR OFF' }, { original: read, modified }))).status).toBe(
      403,
    );
    const json = await admin.client.post('/api/admin/solutions/upload', { item: 'EGR OFF' });
    expect(json.status).toBe(415);
    const half = await upload(admin.client, pair({ item: 'EGR OFF' }, { original: read }));
    expect(half.status).toBe(400);
    expect(half.body.errors).toEqual([{ path: 'modified', message: 'Please select the modified file' }]);
    const unknown = await upload(admin.client, pair({ item: 'MORE POWER' }, { original: read, modified }));
    expect(unknown.status).toBe(400);
    const contradicts = await upload(
      admin.client,
      pair({ item: 'EGR OFF', softwareNumber: '1037999999' }, { original: read, modified }),
    );
    expect(contradicts.status).toBe(409);
    expect(contradicts.body.message).toBe(`The original says software ${software}, not 1037999999.`);

    const res = await upload(
      admin.client,
      pair({ item: 'EGR OFF', approve: 'true', includesChecksum: 'true' }, { original: read, modified }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      softwareNumber: software,
      stage: null,
      options: ['EGR OFF'],
      items: ['EGR OFF'],
      rangeCount: 1,
      bytesChanged: 16,
      includesChecksum: true,
      state: 'approved',
      sourceTicketNumber: null,
    });

    const car = boschRead(software, 'VIN00000000000PAIR');
    const { ticket } = await submitAndSettle(second, car, plan('No Engine Mud', ['EGR OFF']));
    expect(ticket.status).toBe('Unlocked');
    const line = ticket.history!.find((h) => h.kind === 'auto_delivered');
    expect(line?.detail).toMatchObject({ includesChecksum: true, checksumNote: null });

    // A read the portal cannot name: the admin's software number is used.
    const unnamed = makeBinary({ size: 512 * KB, randomBytes: 'all', seed: 99 });
    const unnamedModified = unnamed.slice();
    unnamedModified[0x100] = (unnamedModified[0x100]! + 1) % 256;
    const refused = await upload(
      admin.client,
      pair({ item: 'Stage 1' }, { original: unnamed, modified: unnamedModified }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/could not read a software number/);
    const named = await upload(
      admin.client,
      pair(
        { item: 'Stage 1', softwareNumber: 'SW-UNNAMED-1' },
        { original: unnamed, modified: unnamedModified },
      ),
    );
    expect(named.status, named.text).toBe(201);
    expect(named.body.data).toMatchObject({
      softwareNumber: 'SW-UNNAMED-1',
      stage: 'Stage 1',
      options: [],
      maker: null,
    });
  });

  it('is for admins only', async () => {
    const software = newSoftware();
    const read = boschRead(software);
    const source = await deliveredTicket(first, read, tune(read), 'Stage 1', ['EGR OFF']);
    const solution = await makeSolution({ ticketNumber: source.ticketNumber });
    for (const [method, path, body] of [
      ['GET', '/api/admin/solutions', undefined],
      ['POST', '/api/admin/solutions', { ticketNumber: source.ticketNumber, approve: true }],
      ['POST', `/api/admin/solutions/${solution.id}/approve`, {}],
      ['POST', `/api/admin/solutions/${solution.id}/retire`, {}],
      ['GET', `/api/admin/solutions/matches/${source.ticketNumber}`, undefined],
    ] as const) {
      const res = await first.client.request(method, path, body === undefined ? {} : { json: body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.text).not.toContain(software);
    }
    const list = await admin.client.get<SolutionListDto>(`/api/admin/solutions?q=${software}`);
    expect(list.body.data.solutions[0]).toMatchObject({ id: solution.id, state: 'draft' });
  });
});
