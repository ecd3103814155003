import { describe, expect, it } from 'vitest';
import { isLoopbackHost, type SeedTarget, seedRefusals } from './seed-guard';

const empty: SeedTarget = { nodeEnv: 'development', databaseHost: undefined, foreignAccounts: 0 };

describe('seedRefusals', () => {
  it.each<[string, Partial<SeedTarget>, string[]]>([
    ['PGlite on this machine, empty', {}, []],
    ['PostgreSQL on 127.0.0.1', { databaseHost: '127.0.0.1' }, []],
    ['PostgreSQL on localhost in tests', { nodeEnv: 'test', databaseHost: 'localhost' }, []],
    ['PostgreSQL on ::1', { databaseHost: '[::1]' }, []],
    ['PostgreSQL through a Unix socket', { databaseHost: '/var/run/postgresql' }, []],
    ['production', { nodeEnv: 'production' }, ['NODE_ENV is production']],
    [
      'a remote server',
      { databaseHost: 'db.example.com' },
      ['the database is on db.example.com, not on this machine'],
    ],
    [
      'a compose service name',
      { databaseHost: 'postgres' },
      ['the database is on postgres, not on this machine'],
    ],
    [
      'a LAN address',
      { databaseHost: '192.168.1.5' },
      ['the database is on 192.168.1.5, not on this machine'],
    ],
    [
      'a look-alike name',
      { databaseHost: 'localhost.example.com' },
      ['the database is on localhost.example.com, not on this machine'],
    ],
    [
      'one foreign account',
      { foreignAccounts: 1 },
      ['the database holds 1 account(s) the demo did not make'],
    ],
    [
      'all three',
      { nodeEnv: 'production', databaseHost: '10.0.0.2', foreignAccounts: 40 },
      [
        'NODE_ENV is production',
        'the database is on 10.0.0.2, not on this machine',
        'the database holds 40 account(s) the demo did not make',
      ],
    ],
  ])('%s', (_name, target, reasons) => {
    expect(seedRefusals({ ...empty, ...target })).toEqual(reasons);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['LOCALHOST', true],
    ['128.0.0.1', false],
    ['127.0.0.1.nip.io', false],
    ['0.0.0.0', false],
  ])('isLoopbackHost(%s) is %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
