// @vitest-environment happy-dom
import { DEFAULT_WORKING_HOURS, type ServiceStatusDto } from '@ecu/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fail, mockApi, ok, setOnline } from '../test/api-mock';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { screen } from '../test/rtl';
import { ServiceStatusBanner } from './service-status-banner';
import { SERVICE_STATUS_KEY } from './use-service-status';

// Saturday 13 June 2026, 19:00 in London: closed for the weekend.
const SATURDAY_EVENING = new Date('2026-06-13T18:00:00Z');
// Monday 15 June 2026, 11:00 in London.
const MONDAY_11 = new Date('2026-06-15T10:00:00Z');

function dto(overrides: Partial<ServiceStatusDto> = {}): ServiceStatusDto {
  return {
    open: true,
    closesAt: null,
    nextOpeningAt: null,
    timeZone: 'Europe/London',
    queueLength: 0,
    expectedReadyAt: null,
    expectedOpenMinutes: 15,
    hours: DEFAULT_WORKING_HOURS,
    ...overrides,
  };
}

const CLOSED = dto({
  open: false,
  nextOpeningAt: '2026-06-15T08:00:00Z',
  queueLength: 8,
  expectedOpenMinutes: 135,
  expectedReadyAt: '2026-06-15T10:15:00Z',
});
const OPEN = dto({ open: true, closesAt: '2026-06-15T16:30:00Z', queueLength: 2, expectedOpenMinutes: 45 });

function at(now: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
}
beforeEach(() => at(MONDAY_11));
afterEach(() => vi.useRealTimers());

const banner = () => screen.findByRole('status', { name: 'File service status' });

describe('the file service banner', () => {
  it('says the service is checking while the first answer is on its way', async () => {
    const api = mockApi();
    const reply = deferred();
    api.on('GET', '/service-status', () => reply.promise);
    renderWithProviders(<ServiceStatusBanner />);
    expect((await screen.findByRole('status')).textContent).toBe('Checking the file service...');
    reply.resolve(ok(OPEN));
    expect((await banner()).textContent).toContain('File service open');
  });

  it('shows an open service, its closing time and the queue', async () => {
    mockApi().on('GET', '/service-status', ok(OPEN));
    renderWithProviders(<ServiceStatusBanner />);
    const text = (await banner()).textContent ?? '';
    expect(text).toMatch(/File service open · closes 17:30/);
    expect(text).toContain('2 files waiting · about 45 min of work ahead');
    expect(text).not.toContain('next opening');
    expect(text).not.toContain('Last known status');
  });

  it('on the dashboard says when a closed service opens and what happens to a file sent now', async () => {
    at(SATURDAY_EVENING);
    mockApi().on('GET', '/service-status', ok(CLOSED));
    renderWithProviders(<ServiceStatusBanner />);
    const text = (await banner()).textContent ?? '';
    expect(text).toMatch(/File service closed · opens Mon 09:00/);
    expect(text).toContain('8 files waiting · about 2 h of work ahead');
    expect(text).toMatch(/A file sent now will be handled at the next opening, Mon 09:00/);
    expect(text).not.toContain('You can still send your file.');
  });

  it('on the upload wizard tells the customer they can still send the file', async () => {
    at(SATURDAY_EVENING);
    mockApi().on('GET', '/service-status', ok(CLOSED));
    renderWithProviders(<ServiceStatusBanner context="upload" />);
    expect((await banner()).textContent).toMatch(
      /You can still send your file\. A file sent now will be handled at the next opening, Mon 09:00/,
    );
  });

  it('shows nothing when the status cannot be loaded and nothing is known', async () => {
    const api = mockApi().on('GET', '/service-status', fail(500, 'Server error'));
    renderWithProviders(<ServiceStatusBanner />);
    await vi.waitFor(() => expect(api.calls('GET', '/service-status')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('shows nothing offline when nothing is known, and asks nothing', () => {
    const api = mockApi();
    setOnline(false);
    renderWithProviders(<ServiceStatusBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(api.calls()).toHaveLength(0);
  });

  it('offline, shows the last known status and says when it was loaded', async () => {
    const api = mockApi();
    setOnline(false);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(SERVICE_STATUS_KEY, OPEN, { updatedAt: MONDAY_11.getTime() - 60_000 });
    renderWithProviders(<ServiceStatusBanner />, { queryClient });
    const text = (await banner()).textContent ?? '';
    expect(text).toContain('File service open');
    expect(text).toMatch(/Last known status, loaded .+/);
    expect(api.calls()).toHaveLength(0);
  });

  it('online, marks a copy older than three minutes that could not be refreshed as the last known', async () => {
    const api = mockApi().on('GET', '/service-status', fail(503, 'Unavailable'));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(SERVICE_STATUS_KEY, OPEN, { updatedAt: MONDAY_11.getTime() - 4 * 60_000 });
    renderWithProviders(<ServiceStatusBanner />, { queryClient });
    await vi.waitFor(() => expect(api.calls('GET', '/service-status')).toHaveLength(1));
    expect((await banner()).textContent).toMatch(/Last known status, loaded/);
  });

  it('does not call a copy two minutes old the last known', async () => {
    const reply = deferred();
    mockApi().on('GET', '/service-status', () => reply.promise);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(SERVICE_STATUS_KEY, OPEN, { updatedAt: MONDAY_11.getTime() - 2 * 60_000 });
    renderWithProviders(<ServiceStatusBanner />, { queryClient });
    expect((await banner()).textContent).not.toContain('Last known status');
  });
});
