import type { DeliveryJobDto } from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import { useOfflineActionText } from '../use-admin-command';
import type { RetryDelivery } from './use-retry-delivery';

/** Retry, named with the job it retries ('Retry: Ticket 100001 is ready'); off while offline. */
export function RetryButton({
  job,
  retry,
  online,
}: {
  job: DeliveryJobDto;
  retry: RetryDelivery;
  online: boolean;
}) {
  const { t } = useLingui();
  const offlineText = useOfflineActionText();
  const text = retry.runningId === job.id ? t`Retrying` : t`Retry`;
  const label = job.label;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-label={retry.runningId === job.id ? t`Retrying: ${label}` : t`Retry: ${label}`}
      disabled={!online || retry.runningId !== null}
      title={online ? undefined : offlineText}
      onClick={() => void retry.retry(job)}
    >
      {text}
    </button>
  );
}
