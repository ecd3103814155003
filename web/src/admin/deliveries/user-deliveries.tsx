import { type DeliveryJobDto, formatDateTime } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useFormatLocale } from '../../i18n';
import { useOnline } from '../../local/use-online';
import { attemptsText, failedHeadline } from './delivery-format';
import { RetryButton } from './retry-button';
import { useRetryDelivery } from './use-retry-delivery';
import './deliveries.css';

/**
 * A user's page: e-mails and pushes to this person that fail or gave up ('Last e-mail failed:
 * Ticket 100001 is ready, 2 Dec 2026, 06:00, connect ECONNREFUSED ...'), each with Retry.
 */
export function UserDeliveries({ jobs }: { jobs: DeliveryJobDto[] }) {
  const online = useOnline();
  const retry = useRetryDelivery();
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  return (
    <>
      {jobs.length > 0 && (
        <section className="notice notice-error user-deliveries" aria-label={t`Failed deliveries`}>
          <ul>
            {jobs.map((job) => (
              <li key={`${job.queue}:${job.id}`}>
                <span>
                  <strong>{failedHeadline(job, i18n)}:</strong> {job.label},{' '}
                  {formatDateTime(job.failedAt ?? job.createdAt, undefined, locale)}
                  {job.lastError ? <span className="deliveries-error">, {job.lastError}</span> : null} (
                  {attemptsText(job.attempts, i18n)})
                </span>
                <RetryButton job={job} retry={retry} online={online} />
              </li>
            ))}
          </ul>
          <Link to="/deliveries">
            <Trans>All deliveries</Trans>
          </Link>
        </section>
      )}
      {/* Outside the notice, so that it stays (and is read) when the last failure goes. */}
      <p className="deliveries-status" role="status">
        {retry.status}
      </p>
    </>
  );
}
