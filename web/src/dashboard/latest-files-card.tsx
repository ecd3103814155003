import { formatDateTime } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useFormatLocale } from '../i18n';
import { StatusBadge, ticketsNewestFirst, vehicleName } from '../tickets';
import { isReadyToDownload, LATEST_FILES_COUNT, latestFiles } from './latest-files';

/**
 * The customer's latest tickets, ready-to-download first, from the synced tickets in IndexedDB
 * (what My Files shows), so the card works offline and follows every sync.
 */
export function LatestFilesCard() {
  const headingId = useId();
  const { i18n } = useLingui();
  const locale = useFormatLocale();
  const tickets = useLiveQuery(() => ticketsNewestFirst(), []);
  const shown = tickets ? latestFiles(tickets, LATEST_FILES_COUNT) : [];

  return (
    <section className="card latest-files" aria-labelledby={headingId}>
      <div className="latest-files-head">
        <h2 id={headingId}>
          <Trans>Latest files</Trans>
        </h2>
        {tickets && tickets.length > 0 && (
          <Link to="/my-files" className="latest-files-all">
            <Trans>All files</Trans>
          </Link>
        )}
      </div>
      {tickets === undefined ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading...</Trans>
        </p>
      ) : shown.length === 0 ? (
        <p className="muted latest-files-empty">
          <Trans>
            No files yet. <Link to="/upload-file">Upload an ECU file</Link> and follow its progress here.
          </Trans>
        </p>
      ) : (
        <ul className="latest-files-list">
          {shown.map((ticket) => (
            <li key={ticket._id} className="latest-files-row" data-testid="latest-file">
              <div className="latest-files-main">
                <Link to={`/ticket-details/${ticket.ticketNumber}`} className="latest-files-number">
                  #{ticket.ticketNumber}
                </Link>
                <span className="latest-files-vehicle">{vehicleName(ticket, i18n)}</span>
                <span className="muted latest-files-date">
                  {formatDateTime(ticket.createdAt, undefined, locale)}
                </span>
              </div>
              <div className="latest-files-state">
                {isReadyToDownload(ticket) && (
                  <span className="latest-files-ready">
                    <Trans>Ready to download</Trans>
                  </span>
                )}
                <StatusBadge status={ticket.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
