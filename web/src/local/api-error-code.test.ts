import type { ErrorCode } from '@ecu/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isSettledRefusal, NetworkError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failureFor(status: number, body: unknown): Promise<ApiError> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal('fetch', async () => new Response(text, { status }));
  return apiRequest('GET', '/x').then(
    () => {
      throw new Error('expected a failure');
    },
    (err: ApiError) => err,
  );
}

const envelope = (code?: string) => ({ success: false, message: 'Refused', errors: [], code });

describe('ApiError.code of an answer', () => {
  // [case, status, body, code, fromServer]
  const cases: [string, number, unknown, ErrorCode, boolean][] = [
    ['the code of our envelope', 403, envelope('not_onboarded'), 'not_onboarded', true],
    [
      'a code that shares its status with others',
      403,
      envelope('account_disabled'),
      'account_disabled',
      true,
    ],
    ['an envelope without a code (an older server)', 404, envelope(), 'not_found', true],
    ['a code this client does not know (a newer server)', 409, envelope('brand_new'), 'conflict', true],
    ["a proxy's 502 page", 502, '<h1>Bad Gateway</h1>', 'bad_gateway', false],
    ["a proxy's 504 without a body", 504, '', 'server_error', false],
    ['a 4xx that is not our envelope', 404, 'Not Found', 'not_found', false],
    ['a 200 that is not our envelope', 200, { hello: 'world' }, 'bad_request', false],
  ];
  it.each(cases)('%s', async (_case, status, body, code, fromServer) => {
    const err = await failureFor(status, body);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status, code, fromServer });
  });

  it('is derived from the status when built without one', () => {
    expect(new ApiError(429, 'Slow down').code).toBe('rate_limited');
    expect(new ApiError(403, 'No', [], true, 'not_verified').code).toBe('not_verified');
  });
});

describe('isSettledRefusal', () => {
  const cases: [string, unknown, boolean][] = [
    ['a declined card', new ApiError(402, 'Declined', [], true, 'payment_declined'), true],
    ['a wrong field', new ApiError(400, 'Amount mismatch', [], true, 'validation_failed'), true],
    ['a gate', new ApiError(403, 'Account disabled', [], true, 'account_disabled'), true],
    ['the same request still running', new ApiError(409, 'Busy', [], true, 'request_in_progress'), false],
    ['a payment waiting for the bank', new ApiError(409, 'Waiting', [], true, 'payment_pending'), false],
    ['a server fault', new ApiError(500, 'Oops', [], true, 'server_error'), false],
    ['an unreachable provider', new ApiError(502, 'No answer', [], true, 'bad_gateway'), false],
    ['no answer at all', new NetworkError(), false],
    ['not an API failure', new Error('x'), false],
  ];
  it.each(cases)('%s -> %s', (_case, err, settled) => {
    expect(isSettledRefusal(err)).toBe(settled);
  });
});
