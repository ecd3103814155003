import type { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, PASSWORD, signUpUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { authContextStorageActive, authContextStorages, isScopedStorage } from './auth-context-storage';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The library loads at its first use (lazy-auth.ts), and puts the storages in place then.
  await server.deps.auth.$context;
});
afterAll(async () => {
  await server?.close();
});

describe("better-auth's context storages", () => {
  it('are the scoped ones, on while a call runs in them and off once every call has settled', async () => {
    const storages = authContextStorages() as AsyncLocalStorage<unknown>[];
    expect(storages).toHaveLength(3);
    for (const storage of storages) expect(isScopedStorage(storage)).toBe(true);
    const [outer, inner] = storages as [AsyncLocalStorage<string>, AsyncLocalStorage<string>];

    const first = outer.run('first', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Across awaits and timers, while another call has come and gone.
      expect(outer.getStore()).toBe('first');
      expect(authContextStorageActive()).toBe(true);
      return inner.run('nested', async () => {
        await Promise.resolve();
        return `${outer.getStore()}/${inner.getStore()}`;
      });
    });
    const second = await outer.run('second', async () => {
      await Promise.resolve();
      return outer.getStore();
    });
    expect(second).toBe('second');
    expect(authContextStorageActive()).toBe(true); // the first call still runs
    expect(await first).toBe('first/nested');

    expect(authContextStorageActive()).toBe(false);
    for (const storage of storages) expect(storage.getStore()).toBeUndefined();
    // A call that fails settles too.
    await expect(outer.run('failing', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(() =>
      outer.run('throwing', () => {
        throw new Error('sync');
      }),
    ).toThrow('sync');
    expect(authContextStorageActive()).toBe(false);
  });

  it('are off after sign-ups and sign-ins side by side, which still work', async () => {
    const users = await Promise.all([signUpUser(server), signUpUser(server), signUpUser(server)]);
    const answers = await Promise.all(
      users.map((u) => newClient(server).post('/api/auth/login', { email: u.email, password: PASSWORD })),
    );
    for (const res of answers) expect(res.status).toBe(200);
    expect(authContextStorageActive()).toBe(false);
  });

  it('leave sessions, sign-out and the next sign-in working after they were switched off', async () => {
    const user = await signUpUser(server);
    expect(authContextStorageActive()).toBe(false);
    const client = newClient(server);
    expect((await client.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(
      200,
    );
    expect((await client.get('/api/auth/getMe')).status).toBe(200);
    expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    expect((await client.get('/api/auth/getMe')).status).toBe(401);
    expect(authContextStorageActive()).toBe(false);
  });
});
