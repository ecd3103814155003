import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ecu-config-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults (README.md, Configuration)', () => {
  it('runs with nothing set: port 3000, embedded database, mail to the outbox, no Redis, no proxy trust', () => {
    // AUTH_SECRET given so that the default DATA_DIR (./data) is not written to.
    const config = loadConfig({ AUTH_SECRET: 'a'.repeat(32) });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'ECU Portal <no-reply@localhost>',
      admin: undefined,
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.company.name).toBeTruthy();
    expect(config.company.address).toBeTruthy();
    expect(config.company.vatId).toBeTruthy();
    expect(config.company.supportEmail).toMatch(/@/);
    expect(config.trustedOrigins).toContain('http://localhost:3000');
  });

  it('derives APP_URL from PORT, and takes APP_URL as given without a trailing slash', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    const given = loadConfig({ DATA_DIR: dir, APP_URL: 'https://portal.example.com/' });
    expect(given.appUrl).toBe('https://portal.example.com');
    expect(given.trustedOrigins).toContain('https://portal.example.com');
  });

  it('treats an empty PORT= (as in a .env template) as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '' });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('treats empty optional URLs as unset', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: '',
      SMTP_URL: ' ',
      REDIS_URL: '',
      APP_URL: '',
    });
    expect(config).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      redisUrl: undefined,
      appUrl: 'http://localhost:3000',
    });
  });

  it('reads the optional services when set', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://app:secret@db:5432/ecu',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail:2525',
      REDIS_URL: 'redis://cache:6379',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long-enough-password',
      TRUST_PROXY: 'on',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://app:secret@db:5432/ecu',
      smtpUrl: 'smtp://mail:2525',
      redisUrl: 'redis://cache:6379',
      admin: { email: 'boss@example.com', password: 'long-enough-password' },
      trustProxy: true,
    });
  });

  it.each([
    ['on', true],
    ['1', true],
    ['true', true],
    ['yes', true],
    ['off', false],
    ['0', false],
    ['', false],
  ])('reads TRUST_PROXY=%j as %s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy).toBe(expected);
  });
});

describe('invalid configuration', () => {
  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '30.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/ecu' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail:25' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough-password' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@example.com' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'too-short' }],
    ['VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: 'p'.repeat(43) }],
    ['VAPID_PRIVATE_KEY', { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` }],
    ['VAPID_PRIVATE_KEY', { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'short' }],
    ['VAPID_SUBJECT', { VAPID_SUBJECT: 'http://example.com' }],
  ])('stops with one line naming %s for %j', (name, env) => {
    const err = configError(env);
    expect(err.message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(err.message).not.toContain('\n');
  });

  it('does not echo secrets in the message', () => {
    const err = configError({ AUTH_SECRET: 'short-secret' });
    expect(err.message).not.toContain('short-secret');
    const admin = configError({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'tiny' });
    expect(admin.message).not.toContain('tiny');
  });

  it('shows the bad value of a non-secret variable', () => {
    expect(configError({ PORT: 'abc' }).message).toContain('"abc"');
  });
});

describe('AUTH_SECRET', () => {
  it('is generated on the first start, kept in DATA_DIR and reused', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).authSecret).not.toBe(first);
  });

  it('creates DATA_DIR when it does not exist yet', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const secret = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(secret);
  });

  it('is required with DATABASE_URL: processes sharing a database must sign alike (docs/decisions/026-several-processes.md)', () => {
    const err = configError({ DATABASE_URL: 'postgres://app:secret@db:5432/ecu' });
    expect(err.message).toMatch(/^Invalid configuration: AUTH_SECRET is required when DATABASE_URL is set/);
    expect(err.message).not.toContain('\n');
    expect(err.message).not.toContain('secret@db');
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/ecu' })).toThrow(ConfigError);
    // Nothing was generated into DATA_DIR for it.
    expect(() => readFileSync(path.join(dir, 'auth-secret'))).toThrow();
  });

  it('takes AUTH_SECRET from the environment when set', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), AUTH_SECRET: secret }).authSecret).toBe(secret);
  });
});

describe('PAYMENTS_SANDBOX (docs/decisions/024-money-hardening.md)', () => {
  const sandboxFor = (env: Record<string, string | undefined>) =>
    loadConfig({ DATA_DIR: tempDir(), AUTH_SECRET: 'a'.repeat(32), ...env }).paymentsSandbox;

  it('is on by default only for a loopback APP_URL (never with NODE_ENV=production) and in tests', () => {
    expect(sandboxFor({})).toBe(true);
    expect(sandboxFor({ APP_URL: 'http://localhost:5173' })).toBe(true);
    expect(sandboxFor({ APP_URL: 'http://127.0.0.1:3000' })).toBe(true);
    expect(sandboxFor({ APP_URL: 'http://[::1]:3000' })).toBe(true);
    expect(sandboxFor({ NODE_ENV: 'test', APP_URL: 'https://portal.example.com' })).toBe(true);
    expect(sandboxFor({ APP_URL: 'https://portal.example.com' })).toBe(false);
    expect(sandboxFor({ APP_URL: 'http://192.168.1.20:3000' })).toBe(false);
    expect(sandboxFor({ APP_URL: 'http://localhost.example.com' })).toBe(false);
    expect(sandboxFor({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000' })).toBe(false);
  });

  it('follows PAYMENTS_SANDBOX when it is set', () => {
    expect(sandboxFor({ APP_URL: 'https://portal.example.com', PAYMENTS_SANDBOX: 'on' })).toBe(true);
    expect(sandboxFor({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' })).toBe(true);
    expect(sandboxFor({ APP_URL: 'http://localhost:3000', PAYMENTS_SANDBOX: 'off' })).toBe(false);
    expect(sandboxFor({ NODE_ENV: 'test', PAYMENTS_SANDBOX: 'off' })).toBe(false);
    expect(sandboxFor({ APP_URL: 'https://portal.example.com', PAYMENTS_SANDBOX: '' })).toBe(false);
    expect(configError({ PAYMENTS_SANDBOX: 'maybe' }).message).toMatch(
      /^Invalid configuration: PAYMENTS_SANDBOX /,
    );
  });

  it('stops a production start with Stripe keys but no STRIPE_WEBHOOK_SECRET with one clear line', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      AUTH_SECRET: 'a'.repeat(32),
    };
    const err = configError({ NODE_ENV: 'production', ...stripe });
    expect(err.message).toBe(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY in production (without it no 3-D Secure payment is ever credited)',
    );
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_x', ...stripe })
        .stripe?.webhookSecret,
    ).toBe('whsec_x');
    // Outside production the webhook may be left out (a developer's Stripe test keys).
    expect(loadConfig({ DATA_DIR: tempDir(), ...stripe }).stripe?.webhookSecret).toBeUndefined();
  });
});

describe('production secrets (.env.example placeholders and short secrets)', () => {
  const strong = 'k'.repeat(40);
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'q'.repeat(40) };

  /** Every value .env.example ships for a name that holds a secret (or a URL with a password). */
  function exampleSecrets(): [string, string][] {
    const text = readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    return text
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map(
        (line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as [string, string],
      )
      .filter(([name, value]) => /SECRET|PASSWORD/.test(name) || /^\w+:\/\/[^/]*:[^/@]*@/.test(value));
  }

  it('.env.example has placeholders to check', () => {
    expect(exampleSecrets().map(([name]) => name)).toEqual(
      expect.arrayContaining(['AUTH_SECRET', 'ADMIN_PASSWORD', 'S3_SECRET_ACCESS_KEY']),
    );
  });

  it('a production start refuses each of them (here as the database password) with one line', () => {
    for (const [name, value] of exampleSecrets()) {
      const password = URL.canParse(value) ? new URL(value).password : value;
      const err = configError({ ...production, DATABASE_URL: `postgres://ecu_app:${password}@db/ecu` });
      expect(err.message, name).toMatch(/^Invalid configuration: DATABASE_URL holds a placeholder/);
      expect(err.message).not.toContain('\n');
      expect(err.message).not.toContain(`:${password}@`);
    }
  });

  it.each([
    ['AUTH_SECRET', { AUTH_SECRET: 'change-me-to-a-long-random-string-of-32-or-more-chars' }, /placeholder/],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'change-me-admin' }, /placeholder/],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://ecu_app:change-me@db/ecu' }, /placeholder/],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://ecu_app:short@db/ecu' }, /too short.*16/],
    [
      'DATABASE_OWNER_URL',
      { DATABASE_URL: `postgres://a:${strong}@db/e`, DATABASE_OWNER_URL: 'postgres://o:x@db/e' },
      /too short/,
    ],
    ['REDIS_URL', { REDIS_URL: 'redis://:change-me-redis@cache:6379' }, /placeholder/],
    ['REDIS_URL', { REDIS_URL: 'redis://:abc@cache:6379' }, /too short/],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'change-me-metrics' }, /placeholder/],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }, /too short.*16/],
    [
      'S3_SECRET_ACCESS_KEY',
      {
        S3_ENDPOINT: 'http://s:9000',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'app',
        S3_SECRET_ACCESS_KEY: 'minio123',
      },
      /too short/,
    ],
  ])('production refuses a weak %s: %j', (name, env, message) => {
    const err = configError({ ...production, ...env });
    expect(err.message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(err.message).toMatch(message);
    expect(err.message).not.toContain('\n');
    // No password of a URL in the line.
    expect(err.message).not.toMatch(/change-me|short@|:abc@|minio123/);
  });

  it('the same values pass outside production, and strong ones pass in production', () => {
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        ADMIN_EMAIL: 'a@example.com',
        ADMIN_PASSWORD: 'change-me-admin',
        DATABASE_URL: 'postgres://ecu_app:change-me@db/ecu',
        AUTH_SECRET: 'change-me-to-a-long-random-string-of-32-or-more-chars',
      }).admin?.password,
    ).toBe('change-me-admin');
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ...production,
      ADMIN_EMAIL: 'a@example.com',
      ADMIN_PASSWORD: 'a-real-admin-password',
      DATABASE_URL: `postgres://ecu_app:${strong}@db/ecu`,
      DATABASE_OWNER_URL: `postgres://ecu_owner:${strong}x@db/ecu`,
      REDIS_URL: `redis://:${strong}@cache:6379`,
    });
    expect(config.databaseOwnerUrl).toBe(`postgres://ecu_owner:${strong}x@db/ecu`);
  });

  it('DATABASE_OWNER_URL goes with DATABASE_URL', () => {
    expect(configError({ DATABASE_OWNER_URL: 'postgres://o@db/e' }).message).toMatch(
      /^Invalid configuration: DATABASE_OWNER_URL goes with DATABASE_URL/,
    );
  });
});

describe('trusted origins', () => {
  it("trust Vite's dev server only outside production", () => {
    const dev = loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://portal.example.com' });
    expect(dev.trustedOrigins).toEqual([
      'https://portal.example.com',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
    const prod = loadConfig({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'q'.repeat(40),
      APP_URL: 'https://portal.example.com',
    });
    expect(prod.trustedOrigins).toEqual(['https://portal.example.com']);
  });
});

describe('SMTP_URL', () => {
  it('takes ?tls=off and nothing else as its tls setting', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'smtp://mail.example.com:25?tls=off' }).smtpUrl).toBe(
      'smtp://mail.example.com:25?tls=off',
    );
    expect(configError({ SMTP_URL: 'smtp://mail.example.com:25?tls=maybe' }).message).toMatch(
      /^Invalid configuration: SMTP_URL takes only \?tls=off/,
    );
  });
});

describe('TRANSLATE_* (docs/decisions/095-chat-translation.md)', () => {
  it('is off with nothing set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).translation).toBeUndefined();
  });

  it('takes a LibreTranslate server with or without a key, and DeepL with its key', () => {
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        TRANSLATE_PROVIDER: 'libretranslate',
        TRANSLATE_URL: 'http://translate.internal:5000/',
      }).translation,
    ).toEqual({ provider: 'libretranslate', url: 'http://translate.internal:5000', apiKey: undefined });
    expect(
      loadConfig({ DATA_DIR: tempDir(), TRANSLATE_PROVIDER: 'deepl', TRANSLATE_API_KEY: 'abc:fx' })
        .translation,
    ).toEqual({ provider: 'deepl', url: 'https://api-free.deepl.com', apiKey: 'abc:fx' });
    expect(
      loadConfig({ DATA_DIR: tempDir(), TRANSLATE_PROVIDER: 'deepl', TRANSLATE_API_KEY: 'pro-key' })
        .translation?.url,
    ).toBe('https://api.deepl.com');
  });

  it.each([
    ['TRANSLATE_PROVIDER', { TRANSLATE_PROVIDER: 'google', TRANSLATE_URL: 'https://x.example' }],
    ['TRANSLATE_PROVIDER', { TRANSLATE_URL: 'https://x.example' }],
    ['TRANSLATE_PROVIDER', { TRANSLATE_API_KEY: 'k' }],
    ['TRANSLATE_URL', { TRANSLATE_PROVIDER: 'libretranslate' }],
    ['TRANSLATE_URL', { TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_URL: 'ftp://x.example' }],
    ['TRANSLATE_API_KEY', { TRANSLATE_PROVIDER: 'deepl' }],
  ])('refuses a wrong combination, naming %s, for %j', (name, env) => {
    expect(configError(env).message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('does not echo the key', () => {
    expect(configError({ TRANSLATE_API_KEY: 'secret-key-1' }).message).not.toContain('secret-key-1');
  });
});
