import { type DeliveriesDto, type DeliveryJobDto, formatDateTime } from '@ecu/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { adminApi } from '../api';
import { AdminPageHeader, AfterRestore, LoadErrorNotice, OfflineNotice, TableMessage } from '../list-parts';
import { adminKeys } from '../queries';
import { attemptsText, kindText, statusText } from './delivery-format';
import { RetryButton } from './retry-button';
import { type RetryDelivery, useRetryDelivery } from './use-retry-delivery';
import './deliveries.css';

const LOAD_ERROR = 'Failed to load the deliveries';
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
  const query = useQuery({
    queryKey: adminKeys.deliveries,
    queryFn: async ({ signal }) => (await adminApi.deliveries(signal)).data,
    staleTime: 0,
    refetchInterval: POLL_MS,
  });
  const data = query.data;
  const stale = !online && data !== undefined;
  const error = query.error ? messageOf(query.error, LOAD_ERROR) : null;
  const retry = useRetryDelivery();

  return (
    <div className="stack admin-page deliveries-page">
      <AdminPageHeader title="Deliveries" offline={stale}>
        E-mails, pushes and background tasks: what waits, what fails and what gave up. Retry tries a job again
        at once; a message is never delivered twice.
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
              You are offline, and the deliveries have not been loaded on this device yet.
            </p>
          ) : error ? (
            <>
              <p className="status-failed">{error}</p>
              <div className="form-actions">
                <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
                  Try again
                </button>
              </div>
            </>
          ) : (
            <p className="muted" role="status">
              Loading the deliveries...
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
  return (
    <section className="card admin-card" aria-labelledby="deliveries-queues-title">
      <div className="admin-card-head">
        <h2 id="deliveries-queues-title">By kind</h2>
      </div>
      <div className="admin-table-wrap" aria-busy={busy}>
        <table className="admin-table deliveries-table">
          <caption className="sr-only">Jobs by kind and state</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Waiting
              </th>
              <th scope="col" className="num">
                Retrying
              </th>
              <th scope="col" className="num">
                Running
              </th>
              <th scope="col" className="num">
                Failed
              </th>
              <th scope="col" className="num">
                Gave up
              </th>
            </tr>
          </thead>
          <tbody>
            {data.queues.length === 0 ? (
              <TableMessage colSpan={6}>No job queues run in this portal.</TableMessage>
            ) : (
              data.queues.map((q) => (
                <tr key={q.kind}>
                  <th scope="row">{kindText(q.kind)}</th>
                  <td className="num" data-label="Waiting">
                    {q.queued}
                  </td>
                  <td className="num" data-label="Retrying">
                    {q.retrying}
                  </td>
                  <td className="num" data-label="Running">
                    {q.active}
                  </td>
                  <td className="num" data-label="Failed">
                    {q.failed}
                  </td>
                  <td className="num" data-label="Gave up">
                    {q.hasDeadLetters ? q.dead : '–'}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="muted admin-card-note">
        Failed: gave up in the last days. Gave up: e-mails and pushes that wait for a Retry (kept for a
        month).
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
        <h2 id="deliveries-jobs-title">Failing and given up</h2>
      </div>
      <div className="admin-table-wrap" aria-busy={busy}>
        <table className="admin-table deliveries-table deliveries-jobs">
          <caption className="sr-only">Jobs that fail or gave up, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">For</th>
              <th scope="col">Status</th>
              <th scope="col">Last error</th>
              <th scope="col">When</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.jobs.length === 0 ? (
              <TableMessage colSpan={6}>Nothing is failing: every job went through.</TableMessage>
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
  return (
    <tr aria-busy={retry.runningId === job.id}>
      <td data-label="Job">
        <div className="admin-stacked">
          <span className="admin-user-name">{job.label}</span>
          <span className="muted">{kindText(job.kind)}</span>
        </div>
      </td>
      <td data-label="For">
        {job.recipient ? (
          <Link
            to={`/users/${encodeURIComponent(job.recipient.userId)}`}
            className="admin-user-link deliveries-recipient"
          >
            {job.recipient.email ?? 'Deleted account'}
          </Link>
        ) : (
          <span className="muted">No one</span>
        )}
      </td>
      <td data-label="Status">
        <div className="admin-stacked">
          <span className={job.status === 'retrying' ? 'badge badge-pending' : 'badge badge-failed'}>
            {statusText(job.status)}
          </span>
          <span className="muted">{attemptsText(job.attempts)}</span>
        </div>
      </td>
      <td data-label="Last error" className="deliveries-error">
        {job.lastError ? <span>{job.lastError}</span> : <span className="muted">None recorded</span>}
      </td>
      <td data-label="When">
        <div className="admin-stacked">
          <span className="admin-date">Queued {formatDateTime(job.createdAt)}</span>
          {job.failedAt && <span className="muted">Failed {formatDateTime(job.failedAt)}</span>}
          {job.nextAttemptAt && <span className="muted">Next try {formatDateTime(job.nextAttemptAt)}</span>}
        </div>
      </td>
      <td className="deliveries-actions">
        <RetryButton job={job} retry={retry} online={online} />
      </td>
    </tr>
  );
}
