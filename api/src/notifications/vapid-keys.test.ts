import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { VAPID_KEY_FILE, vapidKeysFor } from './vapid-keys';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ecu-vapid-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('outside production are made once, kept in DATA_DIR and reused (subscriptions survive a restart)', () => {
    const dir = tempDir();
    const first = vapidKeysFor(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }))!;
    expect(first.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(first.privateKey).toMatch(/^[\w-]{43}$/);
    // The pair belongs together: the private key gives the public one.
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(first.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(first.publicKey);

    const file = path.join(dir, VAPID_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(vapidKeysFor(loadConfig({ DATA_DIR: dir, NODE_ENV: 'development' }))).toEqual(first);
    expect(vapidKeysFor(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }))!.publicKey).not.toBe(
      first.publicKey,
    );
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, with VAPID_SUBJECT', () => {
    const dir = tempDir();
    const keys = { publicKey: `B${'Q'.repeat(86)}`, privateKey: 'k'.repeat(43) };
    const config = loadConfig({
      DATA_DIR: dir,
      NODE_ENV: 'production',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(vapidKeysFor(config)).toEqual(keys);
    expect(config.push.subject).toBe('mailto:ops@example.com');
    expect(() => readFileSync(path.join(dir, VAPID_KEY_FILE))).toThrow();
  });

  it('are absent in production without the variables: push is off, nothing is written', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32) });
    expect(vapidKeysFor(config)).toBeUndefined();
    expect(config.push.subject).toBe(`mailto:${config.company.supportEmail}`);
    expect(() => readFileSync(path.join(dir, VAPID_KEY_FILE))).toThrow();
  });
});
