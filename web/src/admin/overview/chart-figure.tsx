import { Trans, useLingui } from '@lingui/react/macro';
import { Component, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import type { BarChartProps } from './overview-charts';
import { chartSummary } from './overview-format';

/** The chart code (Chart.js) is a chunk of its own, fetched only when an admin opens the Overview. */
const BarChart = lazy(() => import('./overview-charts'));

/** A chart that cannot load (offline before it was ever fetched) leaves its table to say it all. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <p className="overview-chart-missing muted">
          <Trans>
            The chart could not be loaded (it needs a connection the first time). The table has the figures.
          </Trans>
        </p>
      );
    }
    return this.props.children;
  }
}

export interface ChartColumn {
  header: string;
  cell: (index: number) => string;
}

/**
 * A bar chart with its numbers as a table: the table is always there for screen readers
 * (visually hidden) and 'Show as table' puts it on screen.
 */
export function ChartFigure({
  title,
  range,
  labels,
  values,
  seriesLabel,
  colorVar,
  format,
  integer,
  columns,
  testId,
}: {
  title: string;
  /** The period, as words, e.g. '1 Jun 2026 – 30 Jun 2026'. */
  range: string;
  labels: string[];
  values: number[];
  seriesLabel: string;
  colorVar: BarChartProps['colorVar'];
  format: (n: number) => string;
  integer?: boolean;
  /** The table's columns; the first one is the bar's label. */
  columns: ChartColumn[];
  testId: string;
}) {
  const titleId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const { t, i18n } = useLingui();
  const summary = chartSummary({ title, range, labels, values, format }, i18n);

  return (
    <figure className="card overview-chart" aria-labelledby={titleId} data-testid={testId}>
      <div className="card-title-row">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((s) => !s)}
        >
          {showTable ? t`Show as chart` : t`Show as table`}
        </button>
      </div>
      {!showTable && (
        <ChartBoundary>
          <Suspense
            fallback={
              <div className="overview-chart-canvas overview-chart-loading" aria-busy="true">
                <Trans>Loading chart...</Trans>
              </div>
            }
          >
            <BarChart
              labels={labels}
              values={values}
              seriesLabel={seriesLabel}
              ariaLabel={summary}
              colorVar={colorVar}
              format={format}
              integer={integer}
            />
          </Suspense>
        </ChartBoundary>
      )}
      <div id={tableId} className={showTable ? 'admin-table-wrap overview-chart-table' : 'sr-only'}>
        <table className="admin-table">
          <caption className="sr-only">
            {title}, {range}
          </caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={c.header} scope="col" className={i > 0 ? 'num' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((_, row) => (
              // Rows are the period's days or weeks, in order: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={row}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.header} scope="row">
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.header} className="num" data-label={c.header}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
