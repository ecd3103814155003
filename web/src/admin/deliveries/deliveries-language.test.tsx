// @vitest-environment happy-dom
import type { DeliveriesDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen } from '../../test/rtl';
import DeliveriesPage from './deliveries-page';

const DESK: DeliveriesDto = {
  queues: [{ kind: 'mail', hasDeadLetters: true, queued: 3, retrying: 1, active: 0, failed: 1, dead: 1 }],
  jobs: [
    {
      id: '6f1c2b9e-3d4a-4c5b-8e6f-7a8b9c0d1e2f',
      queue: 'mail-dead',
      kind: 'mail',
      status: 'dead',
      label: 'Ticket 100001 is ready',
      recipient: { userId: 'u-ann', email: 'ann@x.com' },
      attempts: 2,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      createdAt: '2026-12-01T10:00:00.000Z',
      failedAt: '2026-12-01T10:05:00.000Z',
      nextAttemptAt: null,
    },
  ],
};

function open() {
  mockApi().on('GET', '/admin/deliveries', ok(DESK));
  return renderWithProviders(<DeliveriesPage />, { route: '/deliveries' });
}

describe("the Deliveries desk in the reader's language", () => {
  it('speaks German, with German dates and plurals', async () => {
    await activateLocale('de');
    open();

    expect(await screen.findByRole('heading', { level: 2, name: 'Nach Art' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Zustellungen' })).toBeTruthy();
    expect(screen.getByText('Aufgegeben', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByText('2 Versuche')).toBeTruthy();
    expect(screen.getByText('In Warteschlange seit 01. Dez. 2026, 10:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen: Ticket 100001 is ready' })).toBeTruthy();
  });

  it('speaks Arabic and keeps the error and the address as written', async () => {
    await activateLocale('ar');
    open();

    expect(await screen.findByRole('heading', { level: 2, name: 'حسب النوع' })).toBeTruthy();
    expect(screen.getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ann@x.com' })).toBeTruthy();
    expect(screen.getByText('محاولتان')).toBeTruthy();
  });
});
