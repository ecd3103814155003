import { formatDateTime } from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import { useFormatLocale } from '../i18n';
import { useOnline } from '../local/use-online';
import { currentStatus, describeServiceStatus } from './status-text';
import { useNow, useServiceStatus } from './use-service-status';
import './service-status.css';

/** After this long without a new answer, the banner says that it shows the last known status. */
const LAST_KNOWN_AFTER_MS = 3 * 60_000;

const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * 'File service open · closes 17:30' / 'File service closed · opens Mon 09:00', the queue and
 * the expected turnaround. On the upload wizard (`context="upload"`) a closed service says that
 * the file will be handled at the next opening.
 */
export function ServiceStatusBanner({ context = 'dashboard' }: { context?: 'dashboard' | 'upload' }) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const query = useServiceStatus();
  const online = useOnline();
  const now = useNow();
  const dto = query.data;

  if (!dto) {
    if (query.isError || !online) return null;
    return (
      <div className="service-status service-status-loading" role="status">
        <span className="muted">{t`Checking the file service...`}</span>
      </div>
    );
  }

  const loadedAt = query.dataUpdatedAt;
  const text = describeServiceStatus(currentStatus(dto, loadedAt, now), {
    now,
    viewerTimeZone: viewerTimeZone(),
    i18n,
    locale,
  });
  const lastKnown = !online || now.getTime() - loadedAt > LAST_KNOWN_AFTER_MS;
  const note =
    text.closedNote &&
    (context === 'upload' ? t`You can still send your file. ${text.closedNote}` : text.closedNote);

  return (
    <section
      className={`service-status ${text.open ? 'service-status-open' : 'service-status-closed'}`}
      role="status"
      aria-label={t`File service status`}
      data-testid="service-status"
    >
      <span className="service-status-dot" aria-hidden="true" />
      <div className="service-status-body">
        <strong className="service-status-headline">{text.headline}</strong>
        <span className="service-status-detail">{text.detail}</span>
        {note && <span className="service-status-note">{note}</span>}
        {lastKnown && (
          <span className="service-status-stale">
            {t`Last known status, loaded ${formatDateTime(loadedAt, undefined, locale)}`}
          </span>
        )}
      </div>
    </section>
  );
}
