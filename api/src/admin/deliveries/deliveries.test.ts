import { randomUUID } from 'node:crypto';
import type { AdminUserDetailDto, AuditEntryDto, DeliveriesDto, DeliveryJobDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, defineQueue } from '../../platform/jobs';
import { mailQueue } from '../../platform/mail';
import { adminUser, type TestUser, verifiedUser } from '../../test/factories';
import { jobsSettled } from '../../test/jobs-settled';
import { recordingLogger } from '../../test/recording-logger';
import { startTestServer, type TestServer } from '../../test/test-server';
import { setStatus, submitTicket } from '../../test/ticket-helpers';
import { deliveries, retryDelivery } from './desk';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
});
afterAll(() => server?.close());

async function desk(): Promise<DeliveriesDto> {
  const res = await admin.client.get<DeliveriesDto>('/api/admin/deliveries');
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** Reads the desk until `find` picks a job from it (the worker's attempts take their time). */
async function jobOnDesk(
  find: (job: DeliveryJobDto) => boolean,
): Promise<{ job: DeliveryJobDto; seen: DeliveriesDto }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const seen = await desk();
    const job = seen.jobs.find(find);
    if (job) return { job, seen };
    if (Date.now() > deadline) throw new Error(`Not on the desk: ${JSON.stringify(seen)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Asks for a retry until the job is not in the middle of an attempt (that answers 409: the
 * worker retries it every second or two while SMTP is down).
 */
async function retry(job: DeliveryJobDto) {
  for (let tries = 0; ; tries++) {
    const res = await admin.client.post<DeliveryJobDto>(`/api/admin/deliveries/${job.queue}/${job.id}/retry`);
    if (res.status !== 409 || tries === 20) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function unlockedTicketFor(tuner: TestUser) {
  const { ticket } = await submitTicket(tuner.client);
  await setStatus(admin.client, ticket._id, 'Unlocked');
  return ticket;
}

describe('the Deliveries desk', () => {
  it('shows a mail that fails while SMTP is down as retrying with its error, also on the customer’s page, and Retry sends it once', async () => {
    const tuner = await verifiedUser(server);
    await server.smtp.stopListening();
    let job: DeliveryJobDto;
    try {
      const ticket = await unlockedTicketFor(tuner);
      const found = await jobOnDesk(
        (j) => j.recipient?.userId === tuner.user._id && j.status === 'retrying' && j.lastError !== null,
      );
      job = found.job;
      expect(job).toMatchObject({
        queue: 'mail',
        kind: 'mail',
        label: `Ticket ${ticket.ticketNumber} is ready`,
        recipient: { userId: tuner.user._id, email: tuner.email },
      });
      expect(job.lastError).toContain('ECONNREFUSED');
      expect(job.attempts).toBeGreaterThanOrEqual(1);
      expect(job.nextAttemptAt).not.toBeNull();
      const mail = found.seen.queues.find((q) => q.kind === 'mail');
      expect(mail).toMatchObject({ hasDeadLetters: true });
      expect(mail!.queued).toBeGreaterThanOrEqual(1);
      expect(mail!.retrying).toBeGreaterThanOrEqual(1);
      // The desk names the job, never its payload (the mail's text, its link).
      expect(JSON.stringify(found.seen)).not.toContain('/ticket-details/');

      const page = await admin.client.get<AdminUserDetailDto>(`/api/admin/users/${tuner.user._id}`);
      expect(page.body.data.failedDeliveries.map((j) => j.id)).toContain(job.id);

      // Retry while SMTP is still down: it is tried at once, and fails again.
      const retried = await retry(job);
      expect(retried.status, retried.text).toBe(200);
      expect(retried.body.message).toBe('Retrying now');
    } finally {
      await server.smtp.listenAgain();
    }
    const mail = await server.smtp.nextMail(tuner.email, 15_000);
    expect(mail.subject).toContain('your tuned file is ready');
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
    expect((await desk()).jobs.map((j) => j.id)).not.toContain(job.id);
    const page = await admin.client.get<AdminUserDetailDto>(`/api/admin/users/${tuner.user._id}`);
    expect(page.body.data.failedDeliveries).toEqual([]);
  });

  it('lists a mail that gave up as a dead letter; Retry sends it back to its queue and it arrives once', async () => {
    const tuner = await verifiedUser(server);
    const boss = server.deps.jobs.boss;
    const before = await boss.getQueue(mailQueue.name);
    // Mails queued now give up after one retry (the queue's own setting, through pg-boss's API).
    await boss.updateQueue(mailQueue.name, { retryLimit: 1, retryDelay: 1, retryBackoff: false });
    await server.smtp.stopListening();
    let dead: DeliveryJobDto;
    try {
      const ticket = await unlockedTicketFor(tuner);
      const found = await jobOnDesk((j) => j.recipient?.userId === tuner.user._id && j.status === 'dead');
      dead = found.job;
      expect(dead).toMatchObject({
        queue: 'mail-dead',
        kind: 'mail',
        label: `Ticket ${ticket.ticketNumber} is ready`,
        attempts: 2,
      });
      expect(dead.lastError).toContain('ECONNREFUSED');
      const counts = found.seen.queues.find((q) => q.kind === 'mail')!;
      expect(counts.dead).toBeGreaterThanOrEqual(1);
      expect(counts.failed).toBeGreaterThanOrEqual(1);
      // The original that gave up is listed once: as the dead letter.
      expect(found.seen.jobs.filter((j) => j.kind === 'mail' && j.label === dead.label)).toHaveLength(1);
    } finally {
      await boss.updateQueue(mailQueue.name, {
        retryLimit: before!.retryLimit,
        retryDelay: before!.retryDelay,
        retryBackoff: before!.retryBackoff,
      });
      await server.smtp.listenAgain();
    }
    expect(server.smtp.pending(tuner.email)).toEqual([]);

    const retried = await retry(dead);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.message).toBe('Sent back to its queue');
    const mail = await server.smtp.nextMail(tuner.email, 15_000);
    expect(mail.subject).toContain('your tuned file is ready');
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);

    const after = await desk();
    expect(after.jobs.map((j) => j.id)).not.toContain(dead.id);
    // The dead letter is gone: asking again finds nothing to retry.
    const again = await admin.client.post(`/api/admin/deliveries/mail-dead/${dead.id}/retry`);
    expect(again.status).toBe(404);

    const audit = await admin.client.get<AuditEntryDto[]>(`/api/admin/users/${tuner.user._id}/audit`);
    expect(audit.body.data[0]).toMatchObject({
      action: 'delivery.retry',
      actor: { _id: admin.user._id },
      before: { status: 'dead', attempts: 2 },
      after: { kind: 'mail', label: dead.label, job: dead.id },
    });
  });

  it('lets no tuner read it or retry', async () => {
    const tuner = await verifiedUser(server);
    const read = await tuner.client.get('/api/admin/deliveries');
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ success: false, code: 'not_admin' });
    const retried = await tuner.client.post(`/api/admin/deliveries/mail-dead/${randomUUID()}/retry`);
    expect(retried.status).toBe(403);
    expect(retried.body).toMatchObject({ success: false, code: 'not_admin' });
  });

  it.each([
    ['a job id that is no id', `/api/admin/deliveries/mail/not-a-job/retry`, 400, 'id must be a job id'],
    [
      'a queue name with a space',
      `/api/admin/deliveries/ma%20il/${randomUUID()}/retry`,
      400,
      'queue must be the name of a queue',
    ],
    ['a NUL in the queue', `/api/admin/deliveries/ma%00il/${randomUUID()}/retry`, 400, null],
    ['a queue name too long', `/api/admin/deliveries/${'q'.repeat(300)}/${randomUUID()}/retry`, 400, null],
    [
      'a queue this portal does not have',
      `/api/admin/deliveries/no-such-queue/${randomUUID()}/retry`,
      404,
      'No such delivery queue',
    ],
    ['a job that is not there', `/api/admin/deliveries/mail/${randomUUID()}/retry`, 404, null],
  ])('answers %s with %i', async (_name, path, status, message) => {
    const res = await admin.client.post(path);
    expect(res.status, res.text).toBe(status);
    expect(res.body.success).toBe(false);
    if (message) expect(res.body.message).toBe(message);
  });

  it('refuses to retry a job that is not failing', async () => {
    const tuner = await verifiedUser(server);
    await unlockedTicketFor(tuner);
    await server.smtp.nextMail(tuner.email);
    await jobsSettled(server.deps.jobs);
    const [done] = await server.deps.jobs.boss.findJobs(mailQueue.name, {
      data: { about: { userId: tuner.user._id } },
    });
    expect(done?.state).toBe('completed');
    const res = await admin.client.post(`/api/admin/deliveries/mail/${done!.id}/retry`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This job is not failing');
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
  });
});

describe('a task that failed for good', () => {
  it('is listed as failed with its error, and Retry runs it again (audited on the admin’s own trail)', async () => {
    // A process of its own with one task queue, on the server's database: the desk reads any queue.
    const jobs = createJobs({
      connection: server.database.jobs,
      db: server.deps.db,
      logger: recordingLogger(),
      policy: { retryDelaySeconds: 1, retryMaxDelaySeconds: 1 },
    });
    const task = defineQueue<Record<string, never>>(`sweep-${randomUUID().slice(0, 8)}`, 'task');
    let broken = true;
    let runs = 0;
    jobs.work(task, async () => {
      runs++;
      if (broken) throw new Error('The disk said no');
    });
    await jobs.start();
    try {
      await jobs.send(task, {}, { key: `sweep-${randomUUID()}`, about: { label: 'Nightly sweep' } });
      const deadline = Date.now() + 60_000;
      let failed: DeliveryJobDto | undefined;
      while (!failed && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        failed = (await deliveries(jobs, server.deps.db)).jobs.find((j) => j.status === 'failed');
      }
      expect(failed).toMatchObject({
        queue: task.name,
        kind: task.name,
        label: 'Nightly sweep',
        recipient: null,
        attempts: runs,
        lastError: 'The disk said no',
      });
      const seen = await deliveries(jobs, server.deps.db);
      expect(seen.queues.find((q) => q.kind === task.name)).toMatchObject({
        hasDeadLetters: false,
        failed: 1,
        dead: 0,
      });

      broken = false;
      const before = runs;
      await retryDelivery(jobs, server.deps.db, {
        actorId: admin.user._id,
        queue: task.name,
        id: failed!.id,
      });
      const until = Date.now() + 30_000;
      while (runs === before && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(runs).toBe(before + 1);
      await expect
        .poll(async () => (await jobs.boss.findJobs(task.name, { id: failed!.id }))[0]?.state, {
          timeout: 10_000,
        })
        .toBe('completed');
      const audit = await admin.client.get<AuditEntryDto[]>(`/api/admin/users/${admin.user._id}/audit`);
      expect(audit.body.data[0]).toMatchObject({
        action: 'delivery.retry',
        before: { status: 'failed' },
        after: { kind: task.name, label: 'Nightly sweep', job: failed!.id },
      });
    } finally {
      await jobs.stop();
    }
  });
});
