// @vitest-environment happy-dom
import type { OverviewDto } from '@ecu/shared';
import { describe, expect, it, vi } from 'vitest';
import { type ApiMock, fail, mockApi, ok, setOnline } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { act, screen, waitFor, within } from '../../test/rtl';
import OverviewPage from './overview-page';

/**
 * Chart.js draws on a canvas, which happy-dom has not got (and its resize observer throws on a
 * detached canvas): this stand-in keeps what the Overview gave each chart, to check it.
 */
const charts = vi.hoisted(() => {
  const made: { data: { labels: string[]; datasets: { data: number[] }[] }; destroyed: boolean }[] = [];
  class Chart {
    static register() {}
    data: { labels: string[]; datasets: { data: number[] }[] };
    destroyed = false;
    constructor(_canvas: unknown, config: { data: Chart['data'] }) {
      this.data = config.data;
      made.push(this);
    }
    update() {}
    destroy() {
      this.destroyed = true;
    }
  }
  return { made, Chart };
});
vi.mock('chart.js', () => ({
  Chart: charts.Chart,
  BarController: {},
  BarElement: {},
  CategoryScale: {},
  LinearScale: {},
  Tooltip: {},
}));

function overview(from: string, to: string, over: Partial<OverviewDto> = {}): OverviewDto {
  return {
    from,
    to,
    timeZone: 'Europe/London',
    waitingByStatus: [
      { status: 'Pending', count: 3 },
      { status: 'In Progress', count: 1 },
    ],
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
    filesPerDay: [
      { date: from, count: 2 },
      { date: to, count: 5 },
    ],
    revenuePerWeek: [{ weekStart: from, amount: 1440, vat: 240, payments: 2 }],
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
    storage: { totalBytes: 100 * 2 ** 30, freeBytes: 60 * 2 ** 30, usedPercent: 40, nearlyFull: false },
    ...over,
  };
}

/** The overview server: answers any period with its own days. */
function answerPeriods(api: ApiMock) {
  api.on('GET', '/admin/overview', ({ query }) =>
    ok(overview(query.get('from') ?? '', query.get('to') ?? ''), { message: 'Overview' }),
  );
}

const ROUTE = '/dashboard?from=2025-06-01&to=2025-06-30';

function open(route = ROUTE) {
  return renderWithProviders(<OverviewPage />, { route, path: '/dashboard' });
}

describe('the overview', () => {
  it('shows the totals, the files waiting and the oldest of them for the period in the URL', async () => {
    const api = mockApi();
    answerPeriods(api);
    open();

    expect(await screen.findByText('1 Jun 2025 – 30 Jun 2025')).toBeTruthy();
    expect(api.calls('GET', '/admin/overview')[0]?.query.toString()).toBe('from=2025-06-01&to=2025-06-30');
    expect(screen.getByRole('region', { name: 'Files submitted' }).textContent).toContain('7');
    const revenue = screen.getByRole('region', { name: 'Revenue (incl. VAT)' });
    expect(revenue.textContent).toContain('£1,440.00');
    expect(revenue.textContent).toContain('VAT £240.00');
    expect(screen.getByRole('region', { name: 'Credits sold' }).textContent).toContain('20 CRD');
    expect(screen.getByRole('region', { name: 'New users' }).textContent).toContain('4');
    const automatic = screen.getByRole('region', { name: 'Delivered automatically' });
    expect(automatic.textContent).toContain('25%');
    expect(automatic.textContent).toContain('2 of 8 files delivered');
    expect(
      within(screen.getByTestId('files-waiting')).getByText('4 files are not yet unlocked.'),
    ).toBeTruthy();

    const oldest = screen.getByRole('link', { name: 'Open ticket 100900' });
    const row = oldest.closest('tr') as HTMLElement;
    expect(within(row).getByText('3 days 4 hours')).toBeTruthy();
    expect(within(row).getByText('Seat Leon')).toBeTruthy();
  });

  it('links the CSV exports to the chosen days, and turns them off offline', async () => {
    const api = mockApi();
    answerPeriods(api);
    open();
    const users = await screen.findByRole('link', { name: 'Download users CSV' });
    expect(users.getAttribute('href')).toBe('/api/admin/export/users.csv?from=2025-06-01&to=2025-06-30');
    expect(screen.getByRole('link', { name: 'Download transactions CSV' }).getAttribute('href')).toBe(
      '/api/admin/export/transactions.csv?from=2025-06-01&to=2025-06-30',
    );

    act(() => setOnline(false));
    expect(await screen.findByRole('button', { name: 'Download users CSV' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Exports need a connection.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Offline: showing the last loaded data')).toBeTruthy();
  });

  it('switches to a preset period and keeps it in the URL', async () => {
    const api = mockApi();
    answerPeriods(api);
    const view = open();
    await screen.findByText('1 Jun 2025 – 30 Jun 2025');

    const seven = screen.getByRole('button', { name: '7 days' });
    expect(seven.getAttribute('aria-pressed')).toBe('false');
    await view.user.click(seven);
    expect(view.location()).toBe('/dashboard?period=7d');
    await waitFor(() => expect(api.calls('GET', '/admin/overview')).toHaveLength(2));
    const asked = api.calls('GET', '/admin/overview')[1]?.query;
    const days = (Date.parse(asked?.get('to') ?? '') - Date.parse(asked?.get('from') ?? '')) / 86_400_000;
    expect(days).toBe(6);
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('refuses a custom range that ends before it starts', async () => {
    const api = mockApi();
    answerPeriods(api);
    const view = open();
    await screen.findByText('1 Jun 2025 – 30 Jun 2025');
    const form = screen.getByRole('form', { name: 'Custom period' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');

    await view.user.clear(from);
    await view.user.type(from, '2025-07-10');
    await view.user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'The start date must be on or before the end date',
    );
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(view.location()).toBe(ROUTE);

    await view.user.clear(to);
    await view.user.type(to, '2025-07-20');
    await view.user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(view.location()).toBe('/dashboard?from=2025-07-10&to=2025-07-20');
    expect(await screen.findByText('10 Jul 2025 – 20 Jul 2025')).toBeTruthy();
  });

  it('refuses a custom range longer than two years', async () => {
    const api = mockApi();
    answerPeriods(api);
    const view = open();
    await screen.findByText('1 Jun 2025 – 30 Jun 2025');
    const form = screen.getByRole('form', { name: 'Custom period' });
    await view.user.clear(within(form).getByLabelText('From'));
    await view.user.type(within(form).getByLabelText('From'), '2021-01-01');
    await view.user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose a range of at most two years');
  });

  it("shows the server's message when the overview fails, and tries again", async () => {
    const api = mockApi();
    api.on('GET', '/admin/overview', fail(500, 'Figures are being rebuilt'));
    const view = open();
    expect(await screen.findByText('The overview could not be loaded.')).toBeTruthy();
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('Figures are being rebuilt');

    answerPeriods(api);
    await view.user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 Jun 2025 – 30 Jun 2025')).toBeTruthy();
  });

  it('shows a chart as a table on request', async () => {
    const api = mockApi();
    answerPeriods(api);
    const view = open();
    const chart = await screen.findByTestId('chart-files-per-day');
    await view.user.click(within(chart).getByRole('button', { name: 'Show as table' }));
    expect(within(chart).getByRole('button', { name: 'Show as chart' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    const rows = within(chart)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['DayFiles', '1 Jun 20252', '30 Jun 20255']);
  });

  it('draws each chart from the figures, named by a summary', async () => {
    charts.made.length = 0;
    const api = mockApi();
    answerPeriods(api);
    open();
    const canvas = await within(await screen.findByTestId('chart-files-per-day')).findByRole('img');
    expect(canvas.getAttribute('aria-label')).toMatch(
      /^Bar chart of files per day, 1 Jun 2025 – 30 Jun 2025/,
    );
    await waitFor(() => expect(charts.made.filter((c) => !c.destroyed)).toHaveLength(2));
    const live = charts.made.filter((c) => !c.destroyed);
    expect(live.map((c) => c.data.labels)).toEqual([['1 Jun', '30 Jun'], ['w/c 1 Jun']]);
    expect(live.map((c) => c.data.datasets[0]?.data)).toEqual([[2, 5], [1440]]);
  });
});

describe('the file store warning', () => {
  it('warns when the disk is nearly full, with its share used and the room left', async () => {
    const api = mockApi();
    api.on('GET', '/admin/overview', () =>
      ok(
        overview('2025-06-01', '2025-06-30', {
          storage: { totalBytes: 8 * 2 ** 20, freeBytes: 512 * 2 ** 10, usedPercent: 93, nearlyFull: true },
        }),
      ),
    );
    open();
    const warning = await screen.findByTestId('storage-warning');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('The file store is nearly full');
    expect(warning.textContent).toContain('93% used');
  });

  it.each([
    ['with room', undefined],
    ['on S3, with no local disk', null],
  ])('says nothing %s', async (_label, storage) => {
    const api = mockApi();
    api.on('GET', '/admin/overview', () =>
      ok(overview('2025-06-01', '2025-06-30', storage === null ? { storage: null } : {})),
    );
    open();
    expect(await screen.findByText('1 Jun 2025 – 30 Jun 2025')).toBeTruthy();
    expect(screen.queryByTestId('storage-warning')).toBeNull();
  });
});

describe('the ratings card', () => {
  it('shows the average by week and by engineer', async () => {
    const api = mockApi();
    const weeks = [
      '2025-05-05',
      '2025-05-12',
      '2025-05-19',
      '2025-05-26',
      '2025-06-02',
      '2025-06-09',
      '2025-06-16',
      '2025-06-23',
    ];
    api.on('GET', '/admin/overview', ({ query }) =>
      ok(
        overview(query.get('from') ?? '', query.get('to') ?? '', {
          ratings: {
            perWeek: weeks.map((weekStart, i) =>
              i === 7 ? { weekStart, average: 3.5, count: 2 } : { weekStart, average: null, count: 0 },
            ),
            byEngineer: [{ id: 'u1', name: 'Ada Byron', average: 4.25, count: 4 }],
          },
        }),
        { message: 'Overview' },
      ),
    );
    open();
    const card = await screen.findByRole('region', { name: 'Ratings' });
    expect(card.textContent).toContain("The last 8 weeks to the period's end: 2 ratings.");
    const byWeek = within(card).getByRole('table', { name: 'Average by week' });
    expect(within(byWeek).getAllByTestId('rating-week')).toHaveLength(8);
    expect(within(byWeek).getByRole('row', { name: /23 Jun 2025/ }).textContent).toContain('3.5 of 5 stars');
    const byEngineer = within(card).getByRole('table', { name: 'Average by engineer' });
    expect(within(byEngineer).getByRole('row', { name: /Ada Byron/ }).textContent).toBe(
      'Ada Byron4.34.3 of 5 stars4',
    );
  });

  it('is not shown when the answer has no ratings', async () => {
    const api = mockApi();
    answerPeriods(api);
    open();
    await screen.findByText('1 Jun 2025 – 30 Jun 2025');
    expect(screen.queryByRole('region', { name: 'Ratings' })).toBeNull();
  });
});
