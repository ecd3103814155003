import { describe, expect, it } from 'vitest';
import {
  codeForStatus,
  ERROR_CODE_STATUS,
  ERROR_CODES,
  type ErrorCode,
  errorCodeOf,
  isErrorCode,
  isServerFault,
} from './error-codes';

describe('codeForStatus', () => {
  // [status, code of an answer that carries none]
  const cases: [number, ErrorCode][] = [
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [402, 'payment_declined'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [410, 'gone'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [418, 'bad_request'],
    [422, 'bad_request'],
    [423, 'locked'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [502, 'bad_gateway'],
    [503, 'unavailable'],
    [504, 'server_error'],
    [507, 'insufficient_storage'],
    [599, 'server_error'],
    // A 2xx that was not our envelope (a captive portal's page) is a refusal, not a fault.
    [200, 'bad_request'],
  ];
  it.each(cases)('%i -> %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });

  it('gives every status a code of that same status (for a 4xx or 5xx it names)', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 410, 413, 415, 423, 429, 500, 502, 503, 507]) {
      expect(ERROR_CODE_STATUS[codeForStatus(status)]).toBe(status);
    }
  });
});

describe('errorCodeOf', () => {
  // [code in the answer, status, code the client uses]
  const cases: [unknown, number, ErrorCode][] = [
    ['not_onboarded', 403, 'not_onboarded'],
    ['insufficient_credits', 409, 'insufficient_credits'],
    // A code from a newer server, or none at all: the status's generic code.
    ['some_future_code', 403, 'forbidden'],
    [undefined, 404, 'not_found'],
    [42, 500, 'server_error'],
    ['toString', 400, 'bad_request'],
  ];
  it.each(cases)('%s with %i -> %s', (code, status, expected) => {
    expect(errorCodeOf(code, status)).toBe(expected);
  });
});

describe('the code list', () => {
  it('has unique snake_case codes, each with a 4xx or 5xx status', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(isErrorCode(code)).toBe(true);
      expect(ERROR_CODE_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODE_STATUS[code]).toBeLessThan(600);
    }
  });

  it('counts only 5xx codes as server faults', () => {
    const faults = ERROR_CODES.filter(isServerFault).sort();
    expect(faults).toEqual(['bad_gateway', 'insufficient_storage', 'server_error', 'unavailable']);
  });
});
