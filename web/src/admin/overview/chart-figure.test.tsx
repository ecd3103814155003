// @vitest-environment happy-dom

import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tableRows } from '../../test/render';
import { act, render, screen, within } from '../../test/rtl';
import { ChartFigure } from './chart-figure';

/**
 * Chart.js cannot draw in happy-dom: the chart chunk is replaced by a canvas that keeps its
 * accessible name, or by a chunk that cannot load (offline before it was ever fetched).
 */
const chunk = vi.hoisted(() => ({ fails: false }));
vi.mock('./overview-charts', () => ({
  default: ({ ariaLabel, values }: { ariaLabel: string; values: number[] }) => {
    if (chunk.fails) throw new Error('Failed to fetch dynamically imported module');
    return <canvas role="img" aria-label={ariaLabel} data-values={values.join(',')} />;
  },
}));

const LABELS = ['1 Jun', '2 Jun', '3 Jun'];
const VALUES = [2, 5, 0];

function renderChart() {
  const user = userEvent.setup();
  render(
    <ChartFigure
      title="Files per day"
      range="1 Jun 2026 – 3 Jun 2026"
      labels={LABELS}
      values={VALUES}
      seriesLabel="Files"
      colorVar="--chart-files"
      format={(n) => `${n}`}
      integer
      columns={[
        { header: 'Day', cell: (i) => LABELS[i] ?? '' },
        { header: 'Files', cell: (i) => String(VALUES[i]) },
        { header: 'Share', cell: (i) => `${Math.round(((VALUES[i] ?? 0) / 7) * 100)}%` },
      ]}
      testId="chart-files"
    />,
  );
  return { user, figure: screen.getByRole('figure', { name: 'Files per day' }) };
}

describe('a chart with its table', () => {
  it('draws the chart named by a summary of its figures', async () => {
    const { figure } = renderChart();
    const canvas = await within(figure).findByRole('img');
    expect(canvas.getAttribute('aria-label')).toBe(
      'Bar chart of files per day, 1 Jun 2026 – 3 Jun 2026: total 7, highest 5 (2 Jun).',
    );
    expect(canvas.getAttribute('data-values')).toBe('2,5,0');
  });

  it('always has the figures as a table for screen readers, captioned by title and period', async () => {
    const { figure } = renderChart();
    await within(figure).findByRole('img');
    const table = within(figure).getByRole('table', { name: 'Files per day, 1 Jun 2026 – 3 Jun 2026' });
    expect(table.closest('.sr-only')).not.toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Files', 'Share']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(LABELS);
    expect(tableRows('Files per day, 1 Jun 2026 – 3 Jun 2026')).toEqual([
      ['2', '29%'],
      ['5', '71%'],
      ['0', '0%'],
    ]);
  });

  it('“Show as table” puts the table on screen instead of the chart, and back', async () => {
    const { user, figure } = renderChart();
    await within(figure).findByRole('img');
    const toggle = within(figure).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const table = within(figure).getByRole('table');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.contains(table)).toBe(true);

    await user.click(toggle);

    expect(within(figure).queryByRole('img')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Show as chart');
    expect(within(figure).getByRole('table').closest('.sr-only')).toBeNull();

    await user.click(within(figure).getByRole('button', { name: 'Show as chart' }));
    expect(await within(figure).findByRole('img')).toBeTruthy();
    expect(within(figure).getByRole('table').closest('.sr-only')).not.toBeNull();
  });

  it('says so when the chart cannot load, and keeps the table', async () => {
    chunk.fails = true;
    // React reports an error an error boundary caught; here it is the expected one.
    const reported = vi.mocked(console.error).mockImplementation(() => {});
    try {
      const { figure } = renderChart();
      expect(
        await within(figure).findByText(
          'The chart could not be loaded (it needs a connection the first time). The table has the figures.',
        ),
      ).toBeTruthy();
      expect(within(figure).queryByRole('img')).toBeNull();
      expect(within(figure).getByRole('table')).toBeTruthy();
    } finally {
      chunk.fails = false;
      await act(async () => {});
      reported.mockReset();
    }
  });
});
