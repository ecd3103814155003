import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, messageOf, NetworkError, serverMessageOf } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** fetch answers once with this status and body (a string is sent as it is, anything else as JSON). */
function answerWith(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal('fetch', async () => new Response(text, { status }));
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
}

describe('apiRequest failures', () => {
  it.each([
    ['an envelope with a message', 400, { success: false, message: 'City is required', errors: [] }, true],
    ['a 5xx envelope', 503, { success: false, message: 'Payments are down', errors: [] }, true],
    ['a 5xx without a body', 502, '', false],
    ['a 5xx with an HTML page', 500, '<h1>Internal Server Error</h1>', false],
    ['a 4xx that is not our envelope', 404, 'Not Found', false],
    ['a 200 that is not our envelope', 200, { hello: 'world' }, false],
  ])('%s -> ApiError, fromServer %s', async (_case, status, body, fromServer) => {
    answerWith(status, body);
    const err = await failureOf(apiRequest('GET', '/x'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status, fromServer });
    // The message is never empty, so logs say what happened.
    expect((err as ApiError).message).not.toBe('');
  });

  it('keeps the field errors of an envelope', async () => {
    const errors = [{ path: 'city', message: 'City is required' }];
    answerWith(400, { success: false, message: 'City is required', errors });
    expect(await failureOf(apiRequest('PUT', '/x', {}))).toMatchObject({ errors });
  });

  it('throws NetworkError when there is no answer', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failureOf(apiRequest('GET', '/x'))).toBeInstanceOf(NetworkError);
  });
});

describe('messageOf', () => {
  const offline = 'You are offline. Check your connection and try again.';
  it.each([
    ['server message', new ApiError(400, 'Invalid credentials'), 'Invalid credentials'],
    ['server message of a 5xx', new ApiError(503, 'Mail is down'), 'Mail is down'],
    ['empty server message', new ApiError(400, ''), 'Failed to signin'],
    [
      '5xx without a body',
      new ApiError(502, 'The server is not answering (502)', [], false),
      'Failed to signin',
    ],
    [
      'not our envelope',
      new ApiError(404, 'The answer was not understood (404)', [], false),
      'Failed to signin',
    ],
    ['no answer', new NetworkError(), `Failed to signin. ${offline}`],
    ['any other error', new TypeError('x is undefined'), 'Failed to signin'],
    ['a thrown string', 'boom', 'Failed to signin'],
  ])('%s', (_case, err, text) => {
    expect(messageOf(err, 'Failed to signin')).toBe(text);
  });

  it('does not add a full stop after a fallback that has one', () => {
    expect(messageOf(new NetworkError(), 'Payment failed!')).toBe(`Payment failed! ${offline}`);
  });

  it('serverMessageOf only returns what the server wrote', () => {
    expect(serverMessageOf(new ApiError(400, 'City is required'))).toBe('City is required');
    expect(
      serverMessageOf(new ApiError(500, 'The server is not answering (500)', [], false)),
    ).toBeUndefined();
    expect(serverMessageOf(new NetworkError())).toBeUndefined();
  });
});

describe('apiRequest bodies', () => {
  it('sends JSON with its type, and a FormData as it is (fetch sets the multipart type)', async () => {
    const sent: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(init);
      return new Response(JSON.stringify({ success: true, message: 'OK', data: null }), { status: 200 });
    });
    await apiRequest('POST', '/json', { a: 1 });
    const form = new FormData();
    form.set('item', 'EGR OFF');
    await apiRequest('POST', '/form', form);
    const typeOf = (i: number) => (sent[i]?.headers as Record<string, string> | undefined)?.['Content-Type'];
    expect(typeOf(0)).toBe('application/json');
    expect(sent[0]?.body).toBe('{"a":1}');
    expect(typeOf(1)).toBeUndefined();
    expect(sent[1]?.body).toBe(form);
  });
});
