import type { RatingsOverviewDto } from '@ecu/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { longDay } from './period';

const averageText = (average: number | null) => (average === null ? '–' : average.toFixed(1));
function spokenAverage(average: number | null, i18n: I18n): string {
  if (average === null) return i18n._(msg`no ratings`);
  const stars = average.toFixed(1);
  return i18n._(msg`${stars} of 5 stars`);
}

/**
 * Ratings of delivered files on the Overview (docs/decisions/089-ratings.md): the average by
 * week for the last 8 weeks up to the period's end, and by the engineer credited.
 */
export function RatingsCard({ ratings }: { ratings: RatingsOverviewDto }) {
  const headingId = useId();
  const { t, i18n } = useLingui();
  const total = ratings.perWeek.reduce((sum, w) => sum + w.count, 0);
  return (
    <section className="card admin-card overview-ratings" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Ratings</Trans>
      </h2>
      <p className="muted">
        <Plural
          value={total}
          one="The last 8 weeks to the period's end: # rating."
          other="The last 8 weeks to the period's end: # ratings."
        />
      </p>
      <div className="overview-ratings-tables">
        <AverageTable
          caption={t`Average by week`}
          rowHeader={t`Week of`}
          rowTestId="rating-week"
          rows={ratings.perWeek.map((w) => ({
            key: w.weekStart,
            label: longDay(w.weekStart, i18n.locale),
            ...w,
          }))}
        />
        <AverageTable
          caption={t`Average by engineer`}
          rowHeader={t`Engineer`}
          rowTestId="rating-engineer"
          empty={t`No ratings in these weeks.`}
          rows={ratings.byEngineer.map((e) => ({ key: e.id ?? 'nobody', label: e.name, ...e }))}
        />
      </div>
    </section>
  );
}

interface AverageRow {
  key: string;
  label: string;
  average: number | null;
  count: number;
}

/** One of the card's tables: a row per week or engineer with its average and its count. */
function AverageTable({
  caption,
  rowHeader,
  rowTestId,
  rows,
  empty,
}: {
  caption: string;
  rowHeader: string;
  rowTestId: string;
  rows: AverageRow[];
  empty?: string;
}) {
  const { i18n } = useLingui();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            <th scope="col" className="num">
              <Trans>Average</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Ratings</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr className="admin-table-message">
              <td colSpan={3}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} data-testid={rowTestId}>
                <th scope="row">{row.label}</th>
                <td className="num">
                  <span aria-hidden="true">{averageText(row.average)}</span>
                  <span className="sr-only">{spokenAverage(row.average, i18n)}</span>
                </td>
                <td className="num">{row.count}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
