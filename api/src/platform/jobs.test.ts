import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { recordingLogger } from '../test/recording-logger';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket } from '../test/ticket-helpers';
import { createJobs, deadLetterOf, defineQueue, deliveryRetryLimit } from './jobs';
import { mailQueue, queueMail } from './mail';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
});
afterAll(() => server?.close());

function mailTo(to: string) {
  return { to, subject: `Test ${randomUUID()}`, text: 'Hello', html: '<p>Hello</p>', summary: '' };
}

describe('side effects on the job queue', () => {
  it('queues a mail with the change that commits it, and none with a change that rolls back', async () => {
    const to = `commit-${randomUUID()}@ecu.test`;
    const kept = `kept-${randomUUID()}`;
    const dropped = `dropped-${randomUUID()}`;
    await server.deps.db.transaction(async (tx) => {
      await queueMail(server.deps.jobs, mailTo(to), { key: kept, label: 'kept', tx });
    });
    await expect(
      server.deps.db.transaction(async (tx) => {
        await queueMail(server.deps.jobs, mailTo(to), { key: dropped, label: 'dropped', tx });
        await tx.execute(sql`select 1`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    expect(await server.deps.jobs.boss.findJobs(mailQueue.name, { key: `mail:${kept}` })).toHaveLength(1);
    expect(await server.deps.jobs.boss.findJobs(mailQueue.name, { key: `mail:${dropped}` })).toEqual([]);
    await server.smtp.nextMail(to);
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(to)).toEqual([]);
  });

  it('delivers a key once, however often it is queued, with one Message-ID', async () => {
    const to = `once-${randomUUID()}@ecu.test`;
    const key = `once-${randomUUID()}`;
    await queueMail(server.deps.jobs, mailTo(to), { key, label: 'first' });
    const first = await server.smtp.nextMail(to);
    await queueMail(server.deps.jobs, mailTo(to), { key, label: 'again' });
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(to)).toEqual([]);
    expect(first.messageId).toMatch(/^<[0-9a-f]{32}@/);
  });

  it('holds one job per key while it waits, so two copies never send at once', async () => {
    const to = `exclusive-${randomUUID()}@ecu.test`;
    const key = `exclusive-${randomUUID()}`;
    await server.smtp.stopListening();
    try {
      await queueMail(server.deps.jobs, mailTo(to), { key, label: 'first' });
      await queueMail(server.deps.jobs, mailTo(to), { key, label: 'second' });
      const jobs = await server.deps.jobs.boss.findJobs(mailQueue.name, { key: `mail:${key}` });
      expect(jobs.map((job) => (job.data as { about: { label: string } }).about.label)).toEqual(['first']);
    } finally {
      await server.smtp.listenAgain();
    }
    await server.smtp.nextMail(to, 15_000);
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(to)).toEqual([]);
  });

  it('keeps every status e-mail through an SMTP outage and sends each once when SMTP is back', async () => {
    const tuner = await verifiedUser(server);
    const tickets = await Promise.all([1, 2, 3].map(() => submitTicket(tuner.client)));
    await server.smtp.stopListening();
    try {
      for (const { ticket } of tickets) await setStatus(admin.client, ticket._id, 'Unlocked');
      // The sends are refused and retried: the first retry comes and goes while SMTP is down.
      await new Promise((r) => setTimeout(r, 3_000));
      const waiting = await server.deps.jobs.boss.findJobs(mailQueue.name, {
        data: { about: { userId: tuner.user._id } },
      });
      expect(waiting.filter((job) => job.state === 'retry' || job.state === 'created')).toHaveLength(3);
      expect(server.smtp.pending(tuner.email)).toEqual([]);
    } finally {
      await server.smtp.listenAgain();
    }
    const subjects = [];
    for (let i = 0; i < 3; i++) subjects.push((await server.smtp.nextMail(tuner.email, 15_000)).subject);
    expect(subjects.sort()).toEqual(
      tickets
        .map(({ ticket }) => `ECU Portal: ticket ${ticket.ticketNumber}: your tuned file is ready`)
        .sort(),
    );
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
  });
});

describe('starting', () => {
  it('starts again on a database whose queues and schedules exist (a restart, a second process)', async () => {
    const second = createJobs({
      connection: server.database.jobs,
      db: server.deps.db,
      logger: recordingLogger(),
      policy: server.config.jobs,
    });
    second.work(mailQueue, async () => {});
    second.every('prune', '*/15 * * * *', async () => {});
    await second.start();
    await second.stop();
    expect(await server.deps.jobs.boss.getQueue('prune')).toMatchObject({ policy: 'singleton' });
    expect(await server.deps.jobs.boss.getQueue(mailQueue.name)).toMatchObject({
      deadLetter: deadLetterOf(mailQueue.name),
    });
  });
});

describe('retries', () => {
  it('retries a message for more than a day before it gives up', () => {
    for (const policy of [
      { retryDelaySeconds: 5, retryMaxDelaySeconds: 300 },
      { retryDelaySeconds: 1, retryMaxDelaySeconds: 2 },
      { retryDelaySeconds: 60, retryMaxDelaySeconds: 3600 },
    ]) {
      // After the cap every delay is the cap itself: the last retries alone cover the day.
      expect(deliveryRetryLimit(policy) * policy.retryMaxDelaySeconds).toBeGreaterThan(24 * 60 * 60);
    }
  });

  it('moves a job that keeps failing to the dead-letter queue, with its last error', async () => {
    const logger = recordingLogger();
    const jobs = createJobs({
      connection: server.database.jobs,
      db: server.deps.db,
      logger,
      policy: { retryDelaySeconds: 1, retryMaxDelaySeconds: 1, retryWindowSeconds: 2 },
    });
    const queue = defineQueue<{ n: number }>(`failing-${randomUUID().slice(0, 8)}`);
    let attempts = 0;
    jobs.work(queue, async () => {
      attempts++;
      throw new Error('The mail server said no');
    });
    await jobs.start();
    try {
      await jobs.send(queue, { n: 1 }, { key: 'always-fails', about: { label: 'always fails' } });
      const deadline = Date.now() + 30_000;
      let dead: Awaited<ReturnType<typeof jobs.boss.findJobs>> = [];
      while (dead.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        dead = await jobs.boss.findJobs(deadLetterOf(queue.name));
      }
      expect(dead).toHaveLength(1);
      expect(dead[0]?.data).toMatchObject({ key: 'always-fails', payload: { n: 1 } });
      const [failed] = await jobs.boss.findJobs(queue.name);
      expect(failed?.state).toBe('failed');
      expect(JSON.stringify(failed?.output)).toContain('The mail server said no');
      expect(attempts).toBe(
        deliveryRetryLimit({ retryDelaySeconds: 1, retryMaxDelaySeconds: 1, retryWindowSeconds: 2 }) + 1,
      );
    } finally {
      await jobs.stop();
    }
  });

  it('takes a job sent while the queue is still starting, on a queue created by that start', async () => {
    const jobs = createJobs({
      connection: server.database.jobs,
      db: server.deps.db,
      logger: recordingLogger(),
      policy: { retryDelaySeconds: 1, retryMaxDelaySeconds: 1, retryWindowSeconds: 60 },
    });
    const queue = defineQueue<{ n: number }>(`early-${randomUUID().slice(0, 8)}`);
    const seen: number[] = [];
    jobs.work(queue, async ({ n }) => {
      seen.push(n);
    });
    // The server starts its queue beside the first requests: a send does not wait to be called.
    const starting = jobs.start();
    try {
      await jobs.send(queue, { n: 7 }, { key: `early-${randomUUID()}`, about: { label: 'early' } });
      await starting;
      await jobs.ready();
      expect(await jobs.boss.getQueue(queue.name)).toMatchObject({ name: queue.name, policy: 'exclusive' });
      const deadline = Date.now() + 30_000;
      while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([7]);
    } finally {
      await jobs.stop();
    }
  });
});
