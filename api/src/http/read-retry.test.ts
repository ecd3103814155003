import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { recordingLogger } from '../test/recording-logger';
import { onError } from './on-error';
import { READ_RETRY_DELAYS_MS, readRetried } from './read-retry';

/**
 * The read retry on its own: a route that loses its connection a given number of times, as
 * postgres.js says it (the code on drizzle's wrapper's cause). The retry against a real
 * PostgreSQL whose backends are ended is in database-faults.test.ts.
 */
function appLosing(times: number, code = 'CONNECTION_CLOSED') {
  const app = new Hono();
  app.onError(onError(recordingLogger()));
  app.use(
    '/api/*',
    readRetried(() => app.fetch),
  );
  let runs = 0;
  const handler = () => {
    runs += 1;
    if (runs <= times)
      throw new Error('Failed query: select 1', { cause: Object.assign(new Error('lost'), { code }) });
    return new Response(JSON.stringify({ run: runs }), { headers: { 'content-type': 'application/json' } });
  };
  app.get('/api/read', handler);
  app.post('/api/change', handler);
  return { app, runs: () => runs };
}

describe('a read whose connection was lost', () => {
  it.each([
    { lost: 0, status: 200, runs: 1 },
    { lost: 1, status: 200, runs: 2 },
    { lost: 2, status: 200, runs: 3 },
    { lost: 3, status: 503, runs: 3 },
    { lost: 9, status: 503, runs: 3 },
  ])('lost $lost times: $status after $runs runs', async ({ lost, status, runs }) => {
    const { app, runs: ran } = appLosing(lost);
    const res = await app.request('/api/read');
    expect(res.status).toBe(status);
    expect(ran()).toBe(runs);
    // A 503 says when to ask again; a 200 after a retry carries none of the failed runs' headers.
    expect(res.headers.get('retry-after') !== null).toBe(status === 503);
    if (status === 200) expect(await res.json()).toEqual({ run: runs });
  });

  it('waits between the runs, longer before the last', () => {
    expect(READ_RETRY_DELAYS_MS).toHaveLength(2);
    expect(READ_RETRY_DELAYS_MS[1]).toBeGreaterThan(READ_RETRY_DELAYS_MS[0]);
  });

  it('runs a change once: it may have committed', async () => {
    const { app, runs } = appLosing(1);
    const res = await app.request('/api/change', { method: 'POST' });
    expect(res.status).toBe(503);
    expect(runs()).toBe(1);
  });

  it('runs a read that failed for another reason once', async () => {
    const { app, runs } = appLosing(1, 'SOMETHING_ELSE');
    const res = await app.request('/api/read');
    expect(res.status).toBe(500);
    expect(runs()).toBe(1);
  });
});
