// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { resetDevice } from '../test/customer';
import { render, screen } from '../test/rtl';
import { messageOf, NetworkError } from './api-client';
import { localDb } from './db';
import { WaitingForSignInNotice } from './waiting-notice';

/** The device's own notices (tickets waiting for their owner, no connection) in the reader's language. */

beforeEach(resetDevice);

async function twoWaitingTickets() {
  await localDb.meta.put({ key: 'queueOwner', value: 'u1' } as never);
  for (const key of ['k1', 'k2']) {
    await localDb.outbox.add({
      idempotencyKey: key,
      kind: 'createTicket',
      method: 'POST',
      path: '/ecuFile/create-ecuFile',
      body: {},
      status: 'pending',
      attempts: 0,
      createdAt: 0,
    } as never);
  }
}

describe('device notices in German', () => {
  it('says the waiting tickets in German', async () => {
    await activateLocale('de');
    await twoWaitingTickets();
    render(<WaitingForSignInNotice />);
    expect((await screen.findByRole('status')).textContent).toBe(
      '2 Tickets warten auf diesem Gerät. Sie werden gesendet, sobald Sie sich erneut mit demselben Konto anmelden.',
    );
    expect(messageOf(new NetworkError(), 'Speichern fehlgeschlagen')).toBe(
      'Speichern fehlgeschlagen. Sie sind offline. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
  });
});

describe('device notices in Arabic', () => {
  it('says two waiting tickets in the dual', async () => {
    await activateLocale('ar');
    await twoWaitingTickets();
    render(<WaitingForSignInNotice />);
    expect((await screen.findByRole('status')).textContent).toContain('تذكرتان');
  });
});
