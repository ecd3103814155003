import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { recordingLogger } from '../test/recording-logger';
import { openTestDatabase } from '../test/test-db';
import { createJobs, type Jobs } from './jobs';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two job queues on one database stand for two processes (docs/decisions/070-durable-jobs.md).
 * pg-boss fires a cron schedule at most once a minute, and an instance looks for due schedules
 * every 30 s: `cronIntervalSeconds: 1` (pg-boss's cronMonitorIntervalSeconds) makes both
 * instances look every second, so the minute under way comes due at once and is found again by
 * every look after it, by either instance, while the test watches.
 */
describe('a schedule on two instances of the job queue', () => {
  it('runs once per tick, not once per instance', async () => {
    const name = `tick-${randomUUID().slice(0, 8)}`;
    const runs: string[] = [];
    const instances: Jobs[] = [];
    for (const who of ['a', 'b']) {
      const jobs = createJobs({
        connection: database.jobs,
        db: database.db,
        logger: recordingLogger(),
        policy: { retryDelaySeconds: 1, retryMaxDelaySeconds: 1 },
        cronIntervalSeconds: 1,
      });
      jobs.every(name, '* * * * *', async () => {
        runs.push(who);
      });
      instances.push(jobs);
    }
    const [a, b] = instances as [Jobs, Jobs];
    try {
      const firstMinute = Math.floor(Date.now() / 60_000);
      await Promise.all([a.start(), b.start()]);
      await expect.poll(() => runs.length, { timeout: 30_000 }).toBeGreaterThan(0);
      // Each instance looks again every second; each look finds this minute still due.
      await sleep(6_000);
      const lastMinute = Math.floor(Date.now() / 60_000);
      const jobs = await a.boss.findJobs(name);
      expect(jobs.every((job) => job.state === 'completed')).toBe(true);
      // One run per job, and one job per minute, whichever instance forwarded it: a test that
      // started in a minute's last seconds sees the next minute's too, and no more.
      expect(runs).toHaveLength(jobs.length);
      expect(runs.length).toBeLessThanOrEqual(lastMinute - firstMinute + 1);
      const [schedule] = await b.boss.getSchedules(name);
      expect(jobs.map((job) => job.id)).toContain(schedule?.lastJobId);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 60_000);
});
