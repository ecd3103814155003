import { randomBytes, randomUUID } from 'node:crypto';
import { ECU_FILE_MAX_BYTES, type EcuIdentification, expectedEcuOf, type TicketDto } from '@ecu/shared';
import { MB, makeBinary, truncated } from '@ecu/shared/ecu-identify/test-binaries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolLineFullError } from '../platform/worker-pool';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { percentile, watchHealth } from '../test/health-watch';
import { jobsSettled } from '../test/jobs-settled';
import { startTestServer, type TestServer } from '../test/test-server';
import { postTicket, submitTicket, ticketFields, tusUpload } from '../test/ticket-helpers';
import { IDENTIFY_BUDGET_MS, identifyLine, identifyQueue } from './identify-ecu-file';

let server: TestServer;
let tuner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [tuner, stranger, admin] = await Promise.all([
    verifiedUser(server),
    verifiedUser(server),
    adminUser(server),
  ]);
});
afterAll(async () => {
  await server?.close();
});

/** A Bosch EDC17 read of a real flash size, its identifiers where such reads print them. */
const boschRead = () =>
  makeBinary({
    size: 2 * MB,
    randomBytes: 'all',
    strings: [
      { offset: 0x40010, text: 'EDC17C46' },
      { offset: 0x40040, text: '0281019617' },
      { offset: 0x40060, text: '1037541778' },
      { offset: 0x40080, text: '03L906018JL' },
    ],
  });

async function details(client: TestUser['client'], ticketNumber: number) {
  return client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticketNumber}`);
}

/** 'EDC17 ' over the whole read: the most matches a read can hold, the slowest to identify. */
function craftedRead(size: number): Buffer {
  const crafted = Buffer.alloc(size);
  for (let at = 0; at < crafted.length; at += 6) crafted.write('EDC17 ', at, 'latin1');
  return crafted;
}

/** The ticket's identification once the identify job has kept it (null until then). */
async function identifiedLater(ticketNumber: number, timeoutMs: number): Promise<EcuIdentification> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const id = (await details(tuner.client, ticketNumber)).body.data.ecuIdentification;
    if (id) return id;
    if (Date.now() > deadline)
      throw new Error(`Ticket ${ticketNumber} was not identified within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The identify jobs of a ticket (one at most: the key is the ticket's). */
function identifyJobsOf(ticketId: string) {
  return server.deps.jobs.boss.findJobs(identifyQueue.name, { key: `identify:${ticketId}` });
}

/**
 * Keeps the server's identify line full, each read that leaves it replaced by another, until
 * stop(): what a burst of uploads does to the line.
 */
function holdIdentifyLineFull(): { stop(): Promise<void> } {
  let holding = true;
  const running = new Set<Promise<void>>();
  const start = () => {
    const bytes = craftedRead(4 * MB);
    const run: Promise<void> = identifyLine
      .run(
        { bytes, expected: expectedEcuOf(null) },
        { budgetMs: IDENTIFY_BUDGET_MS, transferList: [bytes.buffer as ArrayBuffer] },
      )
      .then(
        () => true,
        (err: unknown) => !(err instanceof PoolLineFullError),
      )
      .then((left) => {
        running.delete(run);
        if (holding && left) start();
      });
    running.add(run);
  };
  for (let i = 0; i < identifyLine.capacity; i++) start();
  return {
    async stop() {
      holding = false;
      while (running.size > 0) await Promise.all(running);
    },
  };
}

describe('the server identifies the stored ECU file', () => {
  it('keeps what the read says about itself on the ticket; owner and admin see it, others do not', async () => {
    const { ticket } = await submitTicket(tuner.client, {
      ecuBytes: boschRead(),
      fields: { ecuId: 'Bosch EDC17C46' },
    });
    // Lists stay lean: the identification comes with the details calls only.
    expect(ticket).not.toHaveProperty('ecuIdentification');

    const own = await details(tuner.client, ticket.ticketNumber);
    expect(own.status).toBe(200);
    const id = own.body.data.ecuIdentification as EcuIdentification;
    expect(id).toMatchObject({
      maker: 'Bosch',
      family: 'EDC17C46',
      hardwareNumber: '0281019617',
      softwareNumber: '1037541778',
      partNumber: '03L906018JL',
      fileSize: 2 * MB,
      flashSize: 2 * MB,
    });
    expect(id.warnings).toEqual([]);

    const adminView = await admin.client.get<TicketDto>(`/api/admin/getTicketDetails/${ticket.ticketNumber}`);
    expect(adminView.status).toBe(200);
    expect(adminView.body.data.ecuIdentification).toEqual(id);

    const other = await details(stranger.client, ticket.ticketNumber);
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.text).not.toContain('0281019617');
  });

  it('warns of a partial read and of a family other than the one picked, and still creates the ticket', async () => {
    const { ticket } = await submitTicket(tuner.client, {
      ecuBytes: truncated(boschRead(), 2 * MB - 64 * 1024),
      fields: { ecuId: 'Delphi DCM3.5' },
    });
    expect(ticket.status).toBe('Pending');
    const id = (await details(tuner.client, ticket.ticketNumber)).body.data.ecuIdentification!;
    expect(id.maker).toBe('Bosch');
    expect(id.flashSize).toBeNull();
    expect(id.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['partial-read', 'ecu-mismatch']));
  });

  it('finds nothing in a file with nothing recognisable, without a false maker', async () => {
    // Random bytes with the high bit set: no run of them is text, so no maker's string can turn
    // up by chance (plain random bytes once held a Marelli "MM 43GMS" and failed the test).
    const ecuBytes = randomBytes(512 * 1024).map((byte) => byte | 0x80);
    const { ticket } = await submitTicket(tuner.client, { ecuBytes });
    const id = (await details(tuner.client, ticket.ticketNumber)).body.data.ecuIdentification!;
    expect(id).toMatchObject({ maker: null, family: null, hardwareNumber: null, fileSize: 512 * 1024 });
  });
});

describe('identification that did not fit the request, done by a job (docs/decisions/070-durable-jobs.md)', () => {
  it('identifies a read that found the line full once the ticket exists, once', async () => {
    const upload = await tusUpload(tuner.client, Buffer.from(boschRead()), {
      metadata: { filename: 'original.bin', purpose: 'ecu' },
    });
    const line = holdIdentifyLineFull();
    let answer: Awaited<ReturnType<typeof postTicket>>;
    try {
      answer = await postTicket(tuner.client, {
        ...ticketFields({ registration: 'LF1', ecuId: 'Bosch EDC17C46' }),
        clientId: randomUUID(),
        ecuFileUploadId: upload.uploadId,
        commonFileUploadIds: [],
      });
    } finally {
      await line.stop();
    }
    expect(answer.status, answer.text).toBe(201);
    const ticket = answer.body.data as TicketDto;
    // Created without waiting for a worker; the job was queued with it.
    expect(await identifyJobsOf(ticket._id)).toHaveLength(1);

    const id = await identifiedLater(ticket.ticketNumber, 60_000);
    expect(id).toMatchObject({
      maker: 'Bosch',
      family: 'EDC17C46',
      hardwareNumber: '0281019617',
      softwareNumber: '1037541778',
      fileSize: 2 * MB,
    });
    expect(id.warnings).toEqual([]);
    await jobsSettled(server.deps.jobs);
    const jobs = await identifyJobsOf(ticket._id);
    expect(jobs.map((job) => job.state)).toEqual(['completed']);
    const adminView = await admin.client.get<TicketDto>(`/api/admin/getTicketDetails/${ticket.ticketNumber}`);
    expect(adminView.body.data.ecuIdentification).toEqual(id);
    // Identified by the job, the read was then matched against the solution library
    // (docs/decisions/085-solution-library.md): no solution of its software, so nothing found.
    const matched = await admin.client.get(`/api/admin/solutions/matches/${ticket.ticketNumber}`);
    expect(matched.body.data).toMatchObject({
      outcome: 'none',
      softwareNumber: '1037541778',
      candidates: [],
    });
  }, 120_000);

  it(`ends identified when a crafted read takes longer than the request's ${IDENTIFY_BUDGET_MS} ms`, async () => {
    const { ticket } = await submitTicket(tuner.client, { ecuBytes: craftedRead(ECU_FILE_MAX_BYTES) });
    // How long this read takes depends on the machine: past the request's budget the ticket is
    // created without an identification and a job finishes it; within it, it needs no job.
    // The create answer does not carry the identification: no job means the request kept it.
    const jobs = await identifyJobsOf(ticket._id);
    if (jobs.length === 0) {
      expect((await details(tuner.client, ticket.ticketNumber)).body.data.ecuIdentification).toBeTruthy();
    } else expect(jobs).toHaveLength(1);
    const id = await identifiedLater(ticket.ticketNumber, 150_000);
    expect(id).toMatchObject({ maker: 'Bosch', family: 'EDC17', fileSize: ECU_FILE_MAX_BYTES });
    await jobsSettled(server.deps.jobs);
    expect((await identifyJobsOf(ticket._id)).map((job) => job.state)).toEqual(
      jobs.length === 0 ? [] : ['completed'],
    );
  }, 240_000);
});

describe('identification in the worker pool (docs/decisions/068-worker-pool.md)', () => {
  it('keeps health answering while ten crafted 20 MB reads are identified at once; every ticket is created', async () => {
    // The most matches a read can hold (16 s and 763 MB on the main thread before).
    const crafted = craftedRead(ECU_FILE_MAX_BYTES);
    const upload = () =>
      tusUpload(tuner.client, crafted, { metadata: { filename: 'crafted.bin', purpose: 'ecu' } });
    const uploaded: Awaited<ReturnType<typeof upload>>[] = [];
    for (let i = 0; i < 5; i++) uploaded.push(...(await Promise.all([upload(), upload()])));
    // What this machine answers when the server is idle, polled for about as long.
    const idle = await watchHealth(server.url, () => new Promise((resolve) => setTimeout(resolve, 3000)));
    const idleWorst = Math.max(...idle.medians);
    const {
      result: answers,
      medians,
      all,
      ms,
    } = await watchHealth(server.url, () =>
      Promise.all(
        uploaded.map((upload, i) =>
          postTicket(tuner.client, {
            ...ticketFields({ registration: `CR${i}` }),
            clientId: randomUUID(),
            ecuFileUploadId: upload.uploadId,
            commonFileUploadIds: [],
          }),
        ),
      ),
    );
    const ordered = [...all].sort((a, b) => a - b);
    console.info(
      `ten crafted 20 MB reads: created in ${ms.toFixed(0)} ms; health polled ${all.length} times: ` +
        `max ${ordered.at(-1)!.toFixed(1)} ms, p95 ${ordered[Math.floor(all.length * 0.95)]!.toFixed(1)} ms, ` +
        `median ${ordered[Math.floor(all.length / 2)]!.toFixed(1)} ms; round medians: slowest ${Math.max(...medians).toFixed(1)} ms, ` +
        `95th percentile ${percentile(medians, 0.95).toFixed(1)} ms of ${medians.length} rounds (idle server: slowest ${idleWorst.toFixed(1)} ms)`,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(medians.length).toBeGreaterThan(0);
    // The goal is 50 ms (see the figures above); what is asserted is what a shared, loaded machine
    // still tells apart: identification on this thread held a round of health answers for 8.9 s
    // (a whole file's work), the pool's slowest round took 0.6-0.8 s here, at a load of 20 on 2 cores.
    expect(Math.max(...medians)).toBeLessThan(IDENTIFY_BUDGET_MS);
    // Each ticket holds what was read within the budget, or nothing yet and a job that reads it
    // later (the test above follows one through), never a partial answer.
    const later: string[] = [];
    for (const answer of answers) {
      const { _id, ecuIdentification: id } = (await details(tuner.client, answer.body.data.ticketNumber)).body
        .data;
      if (id !== null)
        expect(id).toMatchObject({ maker: 'Bosch', family: 'EDC17', fileSize: ECU_FILE_MAX_BYTES });
      const jobs = await identifyJobsOf(_id);
      if (id === null) expect(jobs).toHaveLength(1);
      for (const job of jobs) if (job.state !== 'completed') later.push(job.id);
    }
    // Ten more 20 MB reads of the same bytes would only keep this file's workers busy.
    if (later.length > 0) await server.deps.jobs.boss.cancel(identifyQueue.name, later);
  }, 180_000);

  it('identifies a read in a worker, and the next ticket is identified as well (the pool survives a stopped worker)', async () => {
    const { ticket } = await submitTicket(tuner.client, {
      ecuBytes: boschRead(),
      fields: { ecuId: 'Bosch EDC17C46' },
    });
    const id = (await details(tuner.client, ticket.ticketNumber)).body.data.ecuIdentification;
    expect(id).toMatchObject({ maker: 'Bosch', family: 'EDC17C46', hardwareNumber: '0281019617' });
  });
});
