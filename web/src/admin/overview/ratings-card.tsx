import type { RatingsOverviewDto } from '@ecu/shared';
import { useId } from 'react';
import { longDay } from './period';

const averageText = (average: number | null) => (average === null ? '–' : average.toFixed(1));
const spokenAverage = (average: number | null) =>
  average === null ? 'no ratings' : `${average.toFixed(1)} of 5 stars`;

/**
 * Ratings of delivered files on the Overview (docs/decisions/089-ratings.md): the average by
 * week for the last 8 weeks up to the period's end, and by the engineer credited.
 */
export function RatingsCard({ ratings }: { ratings: RatingsOverviewDto }) {
  const headingId = useId();
  const total = ratings.perWeek.reduce((sum, w) => sum + w.count, 0);
  return (
    <section className="card admin-card overview-ratings" aria-labelledby={headingId}>
      <h2 id={headingId}>Ratings</h2>
      <p className="muted">
        The last 8 weeks to the period's end: {total} rating{total === 1 ? '' : 's'}.
      </p>
      <div className="overview-ratings-tables">
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>Average by week</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col" className="num">
                  Average
                </th>
                <th scope="col" className="num">
                  Ratings
                </th>
              </tr>
            </thead>
            <tbody>
              {ratings.perWeek.map((w) => (
                <tr key={w.weekStart} data-testid="rating-week">
                  <th scope="row">{longDay(w.weekStart)}</th>
                  <td className="num">
                    <span aria-hidden="true">{averageText(w.average)}</span>
                    <span className="sr-only">{spokenAverage(w.average)}</span>
                  </td>
                  <td className="num">{w.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>Average by engineer</caption>
            <thead>
              <tr>
                <th scope="col">Engineer</th>
                <th scope="col" className="num">
                  Average
                </th>
                <th scope="col" className="num">
                  Ratings
                </th>
              </tr>
            </thead>
            <tbody>
              {ratings.byEngineer.length === 0 ? (
                <tr className="admin-table-message">
                  <td colSpan={3}>No ratings in these weeks.</td>
                </tr>
              ) : (
                ratings.byEngineer.map((e) => (
                  <tr key={e.id ?? 'nobody'} data-testid="rating-engineer">
                    <th scope="row">{e.name}</th>
                    <td className="num">
                      <span aria-hidden="true">{averageText(e.average)}</span>
                      <span className="sr-only">{spokenAverage(e.average)}</span>
                    </td>
                    <td className="num">{e.count}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
