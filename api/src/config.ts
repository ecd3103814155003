import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .default('off')
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .url({ protocol: protocols, message: `must be a URL (${protocols.source.replace(/[\^$]/g, '')})` })
        .optional(),
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // An empty PORT= (as in a .env template) means unset, not port 0.
  PORT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(0).max(65535).default(3000),
  ),
  APP_URL: optionalUrl(/^https?$/),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  // The role that owns the tables: migrations run as it, the app's own pool as DATABASE_URL's
  // role, which then needs DML only (docs/decisions/067-database-roles.md).
  DATABASE_OWNER_URL: optionalUrl(/^postgres(ql)?$/),
  SMTP_URL: optionalUrl(/^smtps?$/).refine(
    (v) => v === undefined || [null, 'off'].includes(new URL(v).searchParams.get('tls')),
    'takes only ?tls=off (plain SMTP to a remote host; otherwise TLS is required)',
  ),
  MAIL_FROM: z.string().trim().min(3).default('ECU Portal <no-reply@localhost>'),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters').optional(),
  ),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Unset: on for a loopback APP_URL and in tests only (docs/decisions/024-money-hardening.md).
  PAYMENTS_SANDBOX: z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', '']).optional(),
  REDIS_URL: optionalUrl(/^rediss?$/),
  S3_ENDPOINT: optionalUrl(/^https?$/),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  COMPANY_NAME: z.string().trim().min(1).default('ECU Tuning Services Ltd'),
  COMPANY_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('Unit 1, Tuning Park, Birmingham, B1 1AA, United Kingdom'),
  COMPANY_VAT_ID: z.string().trim().min(1).default('GB123456789'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@localhost.localdomain'),
  // on = one trusted proxy (the shipped nginx); a number = that many proxies in a row.
  TRUST_PROXY: z.union([z.string().trim().regex(/^\d$/).transform(Number), flag.transform(Number)]),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info']).default('info'),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  JOB_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // Web Push (docs/decisions/038-web-push.md): an uncompressed P-256 public key (65 bytes)
  // and its private key (32 bytes), base64url, as `npx web-push generate-vapid-keys` prints.
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key in base64url (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
  ),
  // GET /metrics answers only a bearer of this token; unset, /metrics is 404
  // (docs/decisions/074-metrics.md).
  METRICS_TOKEN: optionalText,
  // Chat translation (docs/decisions/095-chat-translation.md): unset, there is none.
  TRANSLATE_PROVIDER: optionalText.pipe(
    z.enum(['libretranslate', 'deepl'], { message: 'must be libretranslate or deepl' }).optional(),
  ),
  TRANSLATE_URL: optionalUrl(/^https?$/),
  TRANSLATE_API_KEY: optionalText,
});

const envSchema = envObject.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production') refuseWeakSecrets(env, ctx);
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_OWNER_URL'],
      message: 'goes with DATABASE_URL (the app role; this one owns the tables and migrates)',
    });
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    ctx.addIssue({
      code: 'custom',
      path: ['ADMIN_PASSWORD'],
      message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
    });
  }
  // Processes sharing a database must sign sessions and links alike: a secret generated
  // into each one's DATA_DIR would differ (docs/decisions/026-several-processes.md).
  if (env.DATABASE_URL && !env.AUTH_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_SECRET'],
      message:
        'is required when DATABASE_URL is set (every process must use the same one; e.g. `openssl rand -base64 32`)',
    });
  }
  const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'S3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    });
  }
  if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_WEBHOOK_SECRET'],
      message:
        'is required with STRIPE_SECRET_KEY in production (without it no 3-D Secure payment is ever credited)',
    });
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['VAPID_PRIVATE_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    });
  }
  if (!env.TRANSLATE_PROVIDER && (env.TRANSLATE_URL || env.TRANSLATE_API_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRANSLATE_PROVIDER'],
      message: 'is needed with TRANSLATE_URL or TRANSLATE_API_KEY (libretranslate or deepl)',
    });
  }
  if (env.TRANSLATE_PROVIDER === 'libretranslate' && !env.TRANSLATE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRANSLATE_URL'],
      message: 'is needed with TRANSLATE_PROVIDER=libretranslate (the server, e.g. http://localhost:5000)',
    });
  }
  if (env.TRANSLATE_PROVIDER === 'deepl' && !env.TRANSLATE_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRANSLATE_API_KEY'],
      message: 'is needed with TRANSLATE_PROVIDER=deepl',
    });
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: 'is needed with STRIPE_SECRET_KEY',
    });
  }
});

export type Env = z.input<typeof envSchema>;

/**
 * The secret values that .env.example ships with: a production start refuses them (and any
 * value starting with `change-me`), so that a copied template never runs as it is.
 */
export const PLACEHOLDER_SECRETS = [
  'change-me',
  'change-me-too',
  'change-me-admin',
  'change-me-to-a-long-random-string-of-32-or-more-chars',
  'changeme',
  'pass',
  'password',
  'secret',
] as const;

/** In production, the secrets of the portal's own services are at least this long (AUTH_SECRET: 32). */
export const MIN_PRODUCTION_SECRET_LENGTH = 16;

const isPlaceholder = (value: string) =>
  (PLACEHOLDER_SECRETS as readonly string[]).includes(value.toLowerCase()) || /^change-?me/i.test(value);

function urlPassword(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const password = new URL(value).password;
  return password ? decodeURIComponent(password) : undefined;
}

type ParsedEnv = z.output<typeof envObject>;

/** Production: no .env.example placeholder, and no short secret for the services we run. */
function refuseWeakSecrets(env: ParsedEnv, ctx: z.RefinementCtx): void {
  const secrets: [name: string, value: string | undefined, minLength: number][] = [
    ['AUTH_SECRET', env.AUTH_SECRET, 32],
    ['ADMIN_PASSWORD', env.ADMIN_PASSWORD, 8],
    ['S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY, MIN_PRODUCTION_SECRET_LENGTH],
    ['DATABASE_URL', urlPassword(env.DATABASE_URL), MIN_PRODUCTION_SECRET_LENGTH],
    ['DATABASE_OWNER_URL', urlPassword(env.DATABASE_OWNER_URL), MIN_PRODUCTION_SECRET_LENGTH],
    ['REDIS_URL', urlPassword(env.REDIS_URL), MIN_PRODUCTION_SECRET_LENGTH],
    ['SMTP_URL', urlPassword(env.SMTP_URL), 1],
    ['STRIPE_WEBHOOK_SECRET', env.STRIPE_WEBHOOK_SECRET, 1],
    ['METRICS_TOKEN', env.METRICS_TOKEN, MIN_PRODUCTION_SECRET_LENGTH],
  ];
  for (const [name, value, minLength] of secrets) {
    if (value === undefined) continue;
    const what = name.endsWith('_URL') ? 'its password' : 'it';
    if (isPlaceholder(value)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `holds a placeholder secret in production: replace ${what} with a random value (e.g. \`openssl rand -hex 24\`)`,
      });
    } else if (value.length < minLength) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is too short in production: ${what} must be at least ${minLength} characters (e.g. \`openssl rand -hex 24\`)`,
      });
    }
  }
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Migrations run as this role when set (DATABASE_OWNER_URL); the app's pool uses databaseUrl. */
  databaseOwnerUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | undefined;
  authSecret: string;
  redisUrl: string | undefined;
  /** S3-compatible object storage for files; undefined = DATA_DIR. */
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  stripePublishableKey: string | undefined;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
  /** The card sandbox (test cards, nothing charged) when Stripe is not configured. */
  paymentsSandbox: boolean;
  company: { name: string; address: string; vatId: string; supportEmail: string };
  trustProxy: boolean;
  /** Trusted proxies in front (TRUST_PROXY): the client is that many X-Forwarded-For entries from the right. */
  trustProxyHops: number;
  logLevel: 'silent' | 'error' | 'warn' | 'info';
  /**
   * Background jobs' retries (docs/decisions/070-durable-jobs.md): the first after this many
   * seconds, doubling up to the cap; a message is retried for more than a day whatever the cap.
   */
  jobs: { retryDelaySeconds: number; retryMaxDelaySeconds: number };
  /** Origins allowed to make state-changing calls with cookies (the app itself, Vite dev). */
  trustedOrigins: string[];
  /**
   * Web Push: the VAPID keys when given (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY); without them a
   * development or test server makes a pair in DATA_DIR, production has no push (e-mail only).
   */
  push: { keys: { publicKey: string; privateKey: string } | undefined; subject: string };
  /** The bearer token of GET /metrics (METRICS_TOKEN); undefined: no metrics, /metrics is 404. */
  metricsToken: string | undefined;
  /**
   * The machine translation of chat messages (TRANSLATE_*); undefined: none, and the chat
   * shows no Translate button (docs/decisions/095-chat-translation.md).
   */
  translation: TranslationConfig | undefined;
}

export interface TranslationConfig {
  provider: 'libretranslate' | 'deepl';
  /** The API's base URL, without a trailing slash. */
  url: string;
  apiKey: string | undefined;
}

/** DeepL's API host: a Free plan's key ends in ':fx' and has a host of its own. */
export const deeplDefaultUrl = (apiKey: string) =>
  apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';

export class ConfigError extends Error {}

/** Reads AUTH_SECRET, or the one generated on the first start and kept in DATA_DIR. */
function authSecretFrom(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** PAYMENTS_SANDBOX when set; unset, on in tests and for a loopback APP_URL outside production. */
function paymentsSandbox(given: string | undefined, nodeEnv: string, appUrl: string): boolean {
  if (given !== undefined) return ['1', 'true', 'on', 'yes'].includes(given);
  if (nodeEnv === 'test') return true;
  const host = new URL(appUrl).hostname;
  return nodeEnv !== 'production' && ['localhost', '127.0.0.1', '[::1]'].includes(host);
}

/** A URL's password is not shown in an error line. */
function withoutPassword(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (!url.password) return value;
  url.password = '***';
  return url.toString();
}

/** The only reader of the environment. A bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    const shown =
      value === undefined || /SECRET|PASSWORD|KEY|TOKEN/.test(name)
        ? ''
        : ` (got "${withoutPassword(value)}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    authSecret: authSecretFrom(dataDir, e.AUTH_SECRET),
    redisUrl: e.REDIS_URL,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    paymentsSandbox: paymentsSandbox(e.PAYMENTS_SANDBOX, e.NODE_ENV, appUrl),
    company: {
      name: e.COMPANY_NAME,
      address: e.COMPANY_ADDRESS,
      vatId: e.COMPANY_VAT_ID,
      supportEmail: e.SUPPORT_EMAIL,
    },
    trustProxy: e.TRUST_PROXY > 0,
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    jobs: {
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      retryMaxDelaySeconds: Math.max(e.JOB_RETRY_DELAY_SECONDS, e.JOB_RETRY_MAX_DELAY_SECONDS),
    },
    // Vite's dev server is another origin; a production portal serves its own PWA only.
    trustedOrigins:
      e.NODE_ENV === 'production'
        ? [new URL(appUrl).origin]
        : [new URL(appUrl).origin, 'http://localhost:5173', 'http://127.0.0.1:5173'],
    push: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    },
    metricsToken: e.METRICS_TOKEN,
    translation: e.TRANSLATE_PROVIDER
      ? {
          provider: e.TRANSLATE_PROVIDER,
          url: (e.TRANSLATE_URL ?? deeplDefaultUrl(e.TRANSLATE_API_KEY ?? '')).replace(/\/+$/, ''),
          apiKey: e.TRANSLATE_API_KEY,
        }
      : undefined,
  };
}
