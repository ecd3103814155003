import { formatCredits, formatDateTime } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useFormatLocale } from '../i18n';
import { messageOf } from '../local/api-client';
import { useOnline } from '../local/use-online';
import { creditsApi } from './api';
import { creditDirection, creditReasonText, historyRows, signedCredits } from './credit-history';

const PAGE_SIZE = 20;
const COLUMNS = 4;

/**
 * My Transactions' credit history: every change of the balance, newest first, paged with
 * 'Load more' (docs/decisions/037-credit-history.md). Read with TanStack Query, whose persisted
 * cache keeps the last loaded pages for offline; it is refetched whenever the page opens, so a
 * purchase or a download made a moment ago is there.
 */
export function CreditHistorySection() {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const online = useOnline();
  const headingId = useId();
  const history = useInfiniteQuery({
    queryKey: ['credits', 'history'],
    queryFn: ({ pageParam, signal }) =>
      creditsApi.creditHistory({ limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

  useEffect(() => {
    if (history.error) {
      toast.error(messageOf(history.error, t`Failed to load credit history`), { toastId: 'credit-history' });
    }
  }, [history.error, t]);

  const rows = historyRows(history.data?.pages ?? []);
  const loading = history.data === undefined;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="credit-history-title">
        <Trans>Credit history</Trans>
      </h2>
      <div className="credits-table-wrap">
        <table className="credits-table tx-table credit-history-table">
          <caption className="sr-only">
            <Trans>Every change of your credit balance, newest first</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Reason</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Credits</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Balance</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS} className="tx-empty" aria-busy={loading && online}>
                  {loading
                    ? online
                      ? t`Loading...`
                      : t`Credit history loads when you are online.`
                    : t`No credit changes yet.`}
                </td>
              </tr>
            ) : (
              rows.map((entry) => (
                <tr key={entry.id} data-testid="credit-history-row">
                  <td className="nowrap" data-label={t`Date`}>
                    {formatDateTime(entry.at, undefined, locale)}
                  </td>
                  <td data-label={t`Reason`}>
                    {entry.ticketNumber ? (
                      <Link to={`/ticket-details/${entry.ticketNumber}`}>
                        {creditReasonText(i18n, entry)}
                      </Link>
                    ) : (
                      creditReasonText(i18n, entry)
                    )}
                  </td>
                  <td
                    className={`num credit-change-${creditDirection(entry.amount)}`}
                    data-label={t`Credits`}
                  >
                    {signedCredits(entry.amount)}
                  </td>
                  <td className="num" data-label={t`Balance`}>
                    {formatCredits(entry.balanceAfter, locale)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {history.hasNextPage && (
        <div className="credit-history-more">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void history.fetchNextPage()}
            disabled={!online || history.isFetchingNextPage}
            title={online ? undefined : t`Older entries load when you are online`}
          >
            {history.isFetchingNextPage ? t`Loading...` : t`Load more`}
          </button>
        </div>
      )}
    </section>
  );
}
