import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { paymentsStartLine, selectPaymentProvider } from './select-provider';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecu-select-provider-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = (env: Record<string, string | undefined>) =>
  loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'a'.repeat(32), ...env });
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };

describe('selectPaymentProvider', () => {
  it('takes no payments on a public APP_URL without Stripe keys, even outside production', async () => {
    const public_ = config({ APP_URL: 'https://portal.example.com' });
    expect(await selectPaymentProvider(public_)).toBeNull();
    expect(paymentsStartLine(public_, null)).toBe(
      '[payments] card payments are off: no Stripe keys, and PAYMENTS_SANDBOX is off',
    );
  });

  it('runs the sandbox for a loopback APP_URL, or when PAYMENTS_SANDBOX=on, and says so', async () => {
    for (const env of [
      { APP_URL: 'http://localhost:3000' },
      { APP_URL: 'https://demo.example.com', PAYMENTS_SANDBOX: 'on' },
    ]) {
      const c = config(env);
      const provider = await selectPaymentProvider(c);
      expect(provider?.name).toBe('sandbox');
      expect(paymentsStartLine(c, provider)).toBe(
        '[payments] SANDBOX: test cards buy credits and nothing is charged (PAYMENTS_SANDBOX=off turns it off)',
      );
    }
    expect(
      await selectPaymentProvider(config({ APP_URL: 'http://localhost:3000', PAYMENTS_SANDBOX: 'off' })),
    ).toBeNull();
  });

  it('takes Stripe whenever its keys are set, the sandbox flag notwithstanding', async () => {
    const c = config({ ...STRIPE, PAYMENTS_SANDBOX: 'on' });
    const provider = await selectPaymentProvider(c);
    expect(provider?.name).toBe('stripe');
    expect(paymentsStartLine(c, provider)).toBe('[payments] Stripe (webhook secret not set)');
    const withWebhook = config({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(paymentsStartLine(withWebhook, await selectPaymentProvider(withWebhook))).toBe(
      '[payments] Stripe',
    );
  });
});
