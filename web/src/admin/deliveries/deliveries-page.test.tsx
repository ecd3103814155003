// @vitest-environment happy-dom
import type { DeliveriesDto, DeliveryJobDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { userDetail, userDto } from '../../test/admin-fixtures';
import { fail, mockApi, ok } from '../../test/api-mock';
import { findToast, renderWithProviders, tableRows } from '../../test/render';
import { screen, waitFor, within } from '../../test/rtl';
import UserPage from '../users/user-page';
import DeliveriesPage from './deliveries-page';

function deadMail(over: Partial<DeliveryJobDto> = {}): DeliveryJobDto {
  return {
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
    ...over,
  };
}

function desk(jobs: DeliveryJobDto[]): DeliveriesDto {
  return {
    queues: [
      { kind: 'mail', hasDeadLetters: true, queued: 3, retrying: 1, active: 0, failed: 1, dead: jobs.length },
      { kind: 'prune', hasDeadLetters: false, queued: 0, retrying: 0, active: 0, failed: 0, dead: 0 },
    ],
    jobs,
  };
}

describe('the Deliveries desk', () => {
  it('shows the queues by kind and a dead mail, and Retry sends it back and says so', async () => {
    const api = mockApi();
    let jobs = [deadMail()];
    api.on('GET', '/admin/deliveries', () => ok(desk(jobs)));
    api.on('POST', '/admin/deliveries/:queue/:id/retry', () => {
      const [job] = jobs;
      jobs = [];
      return ok(job, { message: 'Sent back to its queue' });
    });
    const { user } = renderWithProviders(<DeliveriesPage />, { route: '/deliveries' });

    expect(screen.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeTruthy();
    const byKind = await screen.findByRole('table', { name: 'Jobs by kind and state' });
    expect(within(byKind).getByRole('rowheader', { name: 'E-mail' })).toBeTruthy();
    expect(tableRows('Jobs by kind and state')).toEqual([
      ['3', '1', '0', '1', '1'],
      ['0', '0', '0', '0', '–'],
    ]);
    const [row] = tableRows(/Jobs that fail or gave up/);
    expect(row).toEqual(
      expect.arrayContaining(['Gave up2 attempts', 'connect ECONNREFUSED 127.0.0.1:2525', 'Retry']),
    );
    expect(row?.[0]).toBe('Ticket 100001 is readyE-mail');
    expect(screen.getByRole('link', { name: 'ann@x.com' }).getAttribute('href')).toBe('/users/u-ann');

    await user.click(screen.getByRole('button', { name: 'Retry: Ticket 100001 is ready' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Ticket 100001 is ready: Sent back to its queue'),
    );
    expect(api.calls('POST', '/admin/deliveries/:queue/:id/retry')[0]?.path).toBe(
      '/admin/deliveries/mail-dead/6f1c2b9e-3d4a-4c5b-8e6f-7a8b9c0d1e2f/retry',
    );
    expect(await screen.findByText('Nothing is failing: every job went through.')).toBeTruthy();
  });

  it('toasts the server’s word when a retry is refused, and keeps the job listed', async () => {
    const api = mockApi();
    api.on('GET', '/admin/deliveries', ok(desk([deadMail({ status: 'retrying', queue: 'mail' })])));
    api.on('POST', '/admin/deliveries/:queue/:id/retry', fail(409, 'This job is being tried right now'));
    const { user } = renderWithProviders(<DeliveriesPage />, { route: '/deliveries' });

    await user.click(await screen.findByRole('button', { name: 'Retry: Ticket 100001 is ready' }));
    expect(await findToast('This job is being tried right now')).toBeTruthy();
    const jobs = screen.getByRole('table', { name: /Jobs that fail or gave up/ });
    expect(within(jobs).getByText('Retrying')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says what failed when the desk cannot load, and tries again on request', async () => {
    const api = mockApi();
    api.on('GET', '/admin/deliveries', fail(500, 'Database is down'));
    const { user } = renderWithProviders(<DeliveriesPage />, { route: '/deliveries' });

    expect(await screen.findByText('Database is down')).toBeTruthy();
    api.on('GET', '/admin/deliveries', ok(desk([])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing is failing: every job went through.')).toBeTruthy();
  });
});

describe("a customer's page", () => {
  it('shows the e-mail that failed with its error, and retries it', async () => {
    const api = mockApi();
    const ann = userDto({ _id: 'u-ann', firstName: 'Ann', lastName: 'Lee', email: 'ann@x.com' });
    let failed = [deadMail({ status: 'retrying', queue: 'mail', nextAttemptAt: '2026-12-01T10:06:00.000Z' })];
    api.on('GET', '/admin/users/:userId', () => ok(userDetail(ann, { failedDeliveries: failed })));
    api.on('POST', '/admin/deliveries/:queue/:id/retry', () => {
      const [job] = failed;
      failed = [];
      return ok(job, { message: 'Retrying now' });
    });
    const { user } = renderWithProviders(<UserPage />, {
      route: '/users/u-ann',
      path: '/users/:userId',
    });

    const notice = await screen.findByRole('region', { name: 'Failed deliveries' });
    expect(notice.textContent).toContain('Last e-mail failed: Ticket 100001 is ready');
    expect(notice.textContent).toContain('connect ECONNREFUSED 127.0.0.1:2525');
    await user.click(within(notice).getByRole('button', { name: 'Retry: Ticket 100001 is ready' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Failed deliveries' })).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Ticket 100001 is ready: Retrying now');
    expect(api.calls('POST', '/admin/deliveries/:queue/:id/retry')[0]?.path).toBe(
      '/admin/deliveries/mail/6f1c2b9e-3d4a-4c5b-8e6f-7a8b9c0d1e2f/retry',
    );
  });
});
