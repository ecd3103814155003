import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isConnectionLost, isStorageFull } from './faults';

/** An error as a driver or Node makes it: a message and a code. */
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
/** Drizzle's wrapper around a driver's error, as every failed query throws it. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isConnectionLost', () => {
  // [what, error, lost]
  const cases: [string, unknown, boolean][] = [
    ['postgres.js: the connection closed', coded('CONNECTION_CLOSED'), true],
    ['postgres.js: the pool ended', coded('CONNECTION_ENDED'), true],
    ['postgres.js: no connection in time', coded('CONNECT_TIMEOUT'), true],
    ['the socket reset', coded('ECONNRESET'), true],
    ['the server refused', coded('ECONNREFUSED'), true],
    ['terminated by an administrator (57P01)', coded('57P01'), true],
    ['a connection exception (08006)', coded('08006'), true],
    ['no connection slot left (53300)', coded('53300'), true],
    ["inside drizzle's wrapper", wrapped(coded('57P01')), true],
    ['PGlite closed under a request', new Error('PGlite is closed'), true],
    ['a unique violation (23505)', coded('23505'), false],
    ['a serialization failure (40001)', coded('40001'), false],
    ['a disk full (53100)', coded('53100'), false],
    ['a bug', new TypeError('x is undefined'), false],
    ['not an error at all', 'CONNECTION_CLOSED', false],
    ['nothing', undefined, false],
  ];
  it.each(cases)('%s: %s', (_what, err, lost) => {
    expect(isConnectionLost(err)).toBe(lost);
  });
});

describe('isStorageFull', () => {
  const cases: [string, unknown, boolean][] = [
    ['no space left on the device', coded('ENOSPC'), true],
    ['the quota spent', coded('EDQUOT'), true],
    ['the database could not extend a file (53100)', wrapped(coded('53100')), true],
    [
      "a stream destroyed with the write's error",
      new Error('write failed', { cause: coded('ENOSPC') }),
      true,
    ],
    ['no such file', coded('ENOENT'), false],
    ['the connection lost', coded('CONNECTION_CLOSED'), false],
    ['nothing', null, false],
  ];
  it.each(cases)('%s: %s', (_what, err, full) => {
    expect(isStorageFull(err)).toBe(full);
  });
});
