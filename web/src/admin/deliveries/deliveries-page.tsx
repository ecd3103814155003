import { type DeliveriesDto, type DeliveryJobDto, formatDateTime } from '@ecu/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useFormatLocale } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { adminApi } from '../api';
import { AdminPageHeader, AfterRestore, LoadErrorNotice, OfflineNotice, TableMessage } from '../list-parts';
import { adminKeys } from '../queries';
import { attemptsText, kindText, statusText } from './delivery-format';
import { RetryButton } from './retry-button';
import { type RetryDelivery, useRetryDelivery } from './use-retry-delivery';
import './deliveries.css';

const LOAD_ERROR = msg`Failed to load the deliveries`;
/** The desk follows the queues while it is open. */
const POLL_MS = 15_000;

/** /deliveries: the job queues by kind, and the e-mails, pushes and tasks that fail or gave up. */
export default function DeliveriesPage() {
  return (
    <AfterRestore>
      <DeliveriesDesk />
    </AfterRestore>
  );
}

function DeliveriesDesk() {
  const online = useOnline();
  const { t, i18n } = useLingui();
  const query = useQuery({
    queryKey: adminKeys.deliveries,
    queryFn: async ({ signal }) => (await adminApi.deliveries(signal)).data,
    staleTime: 0,
    refetchInterval: POLL_MS,
  });
  const data = query.data;
  const stale = !online && data !== undefined;
  const error = query.error ? messageOf(query.error, i18n._(LOAD_ERROR)) : null;
  const retry = useRetryDelivery();

  return (
    <div className="stack admin-page deliveries-page">
      <AdminPageHeader title={t`Deliveries`} offline={stale}>
        <Trans>
          E-mails, pushes and background tasks: what waits, what fails and what gave up. Retry tries a job
          again at once; a message is never delivered twice.
        </Trans>
      </AdminPageHeader>
      {stale && <OfflineNotice loadedAt={query.dataUpdatedAt || null} />}
      {online && error && data && <LoadErrorNotice message={error} onRetry={() => void query.refetch()} />}
      <p className="deliveries-status" role="status">
        {retry.status}
      </p>

      {!data ? (
        <section className="card admin-state">
          {!online ? (
            <p className="muted">
              <Trans>You are offline, and the deliveries have not been loaded on this device yet.</Trans>
            </p>
          ) : error ? (
            <>
              <p className="status-failed">{error}</p>
              <div className="form-actions">
                <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
                  <Trans>Try again</Trans>
                </button>
              </div>
            </>
          ) : (
            <p className="muted" role="status">
              <Trans>Loading the deliveries...</Trans>
            </p>
          )}
        </section>
      ) : (
        <>
          <QueuesCard data={data} busy={query.isFetching} />
          <JobsCard data={data} busy={query.isFetching} retry={retry} online={online} />
        </>
      )}
    </div>
  );
}

function QueuesCard({ data, busy }: { data: DeliveriesDto; busy: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <section className="card admin-card" aria-labelledby="deliveries-queues-title">
      <div className="admin-card-head">
        <h2 id="deliveries-queues-title">
          <Trans>By kind</Trans>
        </h2>
      </div>
      <div className="admin-table-wrap" aria-busy={busy}>
        <table className="admin-table deliveries-table">
          <caption className="sr-only">
            <Trans>Jobs by kind and state</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Kind</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Waiting</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Retrying</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Running</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Failed</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Gave up</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.queues.length === 0 ? (
              <TableMessage colSpan={6}>
                <Trans>No job queues run in this portal.</Trans>
              </TableMessage>
            ) : (
              data.queues.map((q) => (
                <tr key={q.kind}>
                  <th scope="row">{kindText(q.kind, i18n)}</th>
                  <td className="num" data-label={t`Waiting`}>
                    {q.queued}
                  </td>
                  <td className="num" data-label={t`Retrying`}>
                    {q.retrying}
                  </td>
                  <td className="num" data-label={t`Running`}>
                    {q.active}
                  </td>
                  <td className="num" data-label={t`Failed`}>
                    {q.failed}
                  </td>
                  <td className="num" data-label={t`Gave up`}>
                    {q.hasDeadLetters ? q.dead : '–'}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="muted admin-card-note">
        <Trans>
          Failed: gave up in the last days. Gave up: e-mails and pushes that wait for a Retry (kept for a
          month).
        </Trans>
      </p>
    </section>
  );
}

function JobsCard({
  data,
  busy,
  retry,
  online,
}: {
  data: DeliveriesDto;
  busy: boolean;
  retry: RetryDelivery;
  online: boolean;
}) {
  return (
    <section className="card admin-card" aria-labelledby="deliveries-jobs-title">
      <div className="admin-card-head">
        <h2 id="deliveries-jobs-title">
          <Trans>Failing and given up</Trans>
        </h2>
      </div>
      <div className="admin-table-wrap" aria-busy={busy}>
        <table className="admin-table deliveries-table deliveries-jobs">
          <caption className="sr-only">
            <Trans>Jobs that fail or gave up, newest first</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Job</Trans>
              </th>
              <th scope="col">
                <Trans>For</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Last error</Trans>
              </th>
              <th scope="col">
                <Trans>When</Trans>
              </th>
              <th scope="col">
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.jobs.length === 0 ? (
              <TableMessage colSpan={6}>
                <Trans>Nothing is failing: every job went through.</Trans>
              </TableMessage>
            ) : (
              data.jobs.map((job) => (
                <JobRow key={`${job.queue}:${job.id}`} job={job} retry={retry} online={online} />
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function JobRow({ job, retry, online }: { job: DeliveryJobDto; retry: RetryDelivery; online: boolean }) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const queued = formatDateTime(job.createdAt, undefined, locale);
  const failed = job.failedAt ? formatDateTime(job.failedAt, undefined, locale) : '';
  const next = job.nextAttemptAt ? formatDateTime(job.nextAttemptAt, undefined, locale) : '';
  return (
    <tr aria-busy={retry.runningId === job.id}>
      <td data-label={t`Job`}>
        <div className="admin-stacked">
          <span className="admin-user-name">{job.label}</span>
          <span className="muted">{kindText(job.kind, i18n)}</span>
        </div>
      </td>
      <td data-label={t`For`}>
        {job.recipient ? (
          <Link
            to={`/users/${encodeURIComponent(job.recipient.userId)}`}
            className="admin-user-link deliveries-recipient"
          >
            {job.recipient.email ?? t`Deleted account`}
          </Link>
        ) : (
          <span className="muted">
            <Trans>No one</Trans>
          </span>
        )}
      </td>
      <td data-label={t`Status`}>
        <div className="admin-stacked">
          <span className={job.status === 'retrying' ? 'badge badge-pending' : 'badge badge-failed'}>
            {statusText(job.status, i18n)}
          </span>
          <span className="muted">{attemptsText(job.attempts, i18n)}</span>
        </div>
      </td>
      <td data-label={t`Last error`} className="deliveries-error">
        {job.lastError ? (
          <span>{job.lastError}</span>
        ) : (
          <span className="muted">
            <Trans>None recorded</Trans>
          </span>
        )}
      </td>
      <td data-label={t`When`}>
        <div className="admin-stacked">
          <span className="admin-date">
            <Trans>Queued {queued}</Trans>
          </span>
          {job.failedAt && (
            <span className="muted">
              <Trans>Failed {failed}</Trans>
            </span>
          )}
          {job.nextAttemptAt && (
            <span className="muted">
              <Trans>Next try {next}</Trans>
            </span>
          )}
        </div>
      </td>
      <td className="deliveries-actions">
        <RetryButton job={job} retry={retry} online={online} />
      </td>
    </tr>
  );
}
