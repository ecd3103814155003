import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../local/api-client';
import { adminApi } from './api';

/** The requests the page made: their Idempotency-Key, and a way to answer each. */
function server() {
  const calls: { key: string | null; body: unknown; answer: (status: number, body?: object) => void }[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    return new Promise<Response>((resolve, reject) => {
      calls.push({
        key: headers.get('idempotency-key'),
        body: JSON.parse(String(init.body)),
        answer: (status, body) =>
          status === 0
            ? reject(new TypeError('Failed to fetch'))
            : resolve(
                new Response(JSON.stringify(body ?? { success: status < 400, message: 'x', data: null }), {
                  status,
                }),
              ),
      });
    });
  });
  return calls;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adminApi.updateUserCredits', () => {
  it('sends a double click as one request under one Idempotency-Key', async () => {
    const calls = server();
    const input = { userId: 'u-double', credits: 5 as const };
    const first = adminApi.updateUserCredits(input);
    const second = adminApi.updateUserCredits(input);
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    calls[0]!.answer(200, { success: true, message: 'Credits updated', data: { credits: 5 } });
    expect(await first).toEqual(await second);

    // The answer settled it: the next click is a new change, under a new key.
    const third = adminApi.updateUserCredits(input);
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
    calls[1]!.answer(200);
    await third;
  });

  it('retries under the same key after no answer or a 5xx, and after a refusal starts a new key', async () => {
    const calls = server();
    const input = { userId: 'u-retry', credits: 1 as const };
    const lost = adminApi.updateUserCredits(input);
    await flush();
    calls[0]!.answer(0);
    await expect(lost).rejects.toBeInstanceOf(NetworkError);

    const retry = adminApi.updateUserCredits(input);
    await flush();
    expect(calls[1]!.key).toBe(calls[0]!.key);
    calls[1]!.answer(503, { success: false, message: 'down' });
    await expect(retry).rejects.toBeInstanceOf(ApiError);

    const refused = adminApi.updateUserCredits(input);
    await flush();
    expect(calls[2]!.key).toBe(calls[0]!.key);
    calls[2]!.answer(400, { success: false, message: 'The balance cannot go below zero' });
    await expect(refused).rejects.toMatchObject({ status: 400 });

    const fresh = adminApi.updateUserCredits(input);
    await flush();
    expect(calls[3]!.key).not.toBe(calls[0]!.key);
    calls[3]!.answer(200);
    await fresh;
  });

  it('gives another change (another user, amount or note) its own key', async () => {
    const calls = server();
    const a = adminApi.updateUserCredits({ userId: 'u-a', credits: 1 });
    const b = adminApi.updateUserCredits({ userId: 'u-a', credits: -1 });
    const c = adminApi.updateUserCredits({ userId: 'u-b', credits: 1 });
    await flush();
    expect(new Set(calls.map((call) => call.key)).size).toBe(3);
    for (const call of calls) call.answer(200);
    await Promise.all([a, b, c]);
  });
});
