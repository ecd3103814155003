import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_KEY_FILE = 'vapid-keys.json';

/** A P-256 key pair as VAPID wants it: uncompressed public key, 32-byte private key, base64url. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The private scalar can come back shorter than 32 bytes (leading zeros); VAPID wants 32.
  const raw = ecdh.getPrivateKey();
  const privateKey = Buffer.alloc(32);
  raw.copy(privateKey, 32 - raw.length);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

/**
 * The keys the server signs pushes with: VAPID_* when set; outside production a pair made on
 * the first start and kept in DATA_DIR, so that a restart keeps every browser's subscription
 * valid (a subscription is bound to the public key it was made with). In production without
 * the variables there is no push: several processes would each make a pair of their own.
 */
export function vapidKeysFor(config: Pick<Config, 'push' | 'nodeEnv' | 'dataDir'>): VapidKeys | undefined {
  if (config.push.keys) return config.push.keys;
  if (config.nodeEnv === 'production') return undefined;
  const file = path.join(config.dataDir, VAPID_KEY_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(config.dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
