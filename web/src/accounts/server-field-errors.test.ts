import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../local/api-client';
import { serverFieldErrors } from './server-field-errors';

describe('serverFieldErrors', () => {
  it('keeps the first message per field of a refusal', () => {
    const err = new ApiError(400, 'Too common', [
      { path: 'password', message: 'Too common' },
      { path: 'password', message: 'Second' },
      { path: 'email', message: 'Bad address' },
      { path: '', message: 'No field' },
    ]);
    expect(serverFieldErrors(err)).toEqual({ password: 'Too common', email: 'Bad address' });
  });

  it('gives nothing for a failure that is not a refusal', () => {
    expect(serverFieldErrors(new NetworkError())).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });
});
