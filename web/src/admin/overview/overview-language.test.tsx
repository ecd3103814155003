// @vitest-environment happy-dom
import type { OverviewDto } from '@ecu/shared';
import { describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../i18n';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen, within } from '../../test/rtl';
import OverviewPage from './overview-page';

/** Chart.js cannot draw in happy-dom: a stand-in that draws nothing. */
vi.mock('chart.js', () => {
  class Chart {
    static register() {}
    data = { labels: [], datasets: [] };
    update() {}
    destroy() {}
  }
  return { Chart, BarController: {}, BarElement: {}, CategoryScale: {}, LinearScale: {}, Tooltip: {} };
});

const OVERVIEW: OverviewDto = {
  from: '2025-06-01',
  to: '2025-06-30',
  timeZone: 'Europe/London',
  waitingByStatus: [{ status: 'Pending', count: 3 }],
  oldestWaiting: [
    {
      ticketNumber: 100900,
      make: 'Seat',
      model: 'Leon',
      status: 'Pending',
      createdAt: '2025-06-01T08:00:00.000Z',
      waitingMinutes: 3 * 1440 + 4 * 60,
      owner: { _id: 'o1', firstName: 'Ian', lastName: 'Po', email: 'ian@x.com' },
    },
  ],
  filesPerDay: [{ date: '2025-06-01', count: 2 }],
  revenuePerWeek: [{ weekStart: '2025-06-01', amount: 1440, vat: 240, payments: 2 }],
  totals: {
    files: 7,
    revenue: 1440,
    vat: 240,
    creditsSold: 20,
    creditsSpent: 12,
    newUsers: 4,
    delivered: 8,
    deliveredAutomatically: 2,
  },
  storage: null,
} as OverviewDto;

function open() {
  mockApi().on('GET', '/admin/overview', ok(OVERVIEW));
  return renderWithProviders(<OverviewPage />, {
    route: '/dashboard?from=2025-06-01&to=2025-06-30',
    path: '/dashboard',
  });
}

describe("the overview in the reader's language", () => {
  it('speaks German, with German days, money and plurals', async () => {
    await activateLocale('de');
    open();

    expect(await screen.findByText('1. Juni 2025 – 30. Juni 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Überblick' })).toBeTruthy();
    const revenue = screen.getByRole('region', { name: 'Umsatz (inkl. MwSt.)' });
    expect(revenue.textContent).toMatch(/1\.440,00\s£/);
    expect(revenue.textContent).toMatch(/MwSt\. 240,00\s£/);
    const automatic = screen.getByRole('region', { name: 'Automatisch geliefert' });
    expect(automatic.textContent).toContain('2 von 8 Dateien geliefert');
    expect(
      within(screen.getByTestId('files-waiting')).getByText('3 Dateien sind noch nicht freigegeben.'),
    ).toBeTruthy();
    const row = screen.getByRole('link', { name: 'Ticket 100900 öffnen' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('3 Tage 4 Stunden')).toBeTruthy();
    expect(within(row).getByText('3 T. 4 Std.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '30 Tage' })).toBeTruthy();
  });

  it('speaks Arabic and keeps ticket numbers as written', async () => {
    await activateLocale('ar');
    open();

    const link = await screen.findByRole('link', { name: 'فتح التذكرة 100900' });
    expect(screen.getByRole('heading', { level: 1, name: 'نظرة عامة' })).toBeTruthy();
    expect(link.textContent).toBe('#100900');
    expect(screen.getByRole('region', { name: 'الملفات المُرسَلة' }).textContent).toContain('7');
  });
});
