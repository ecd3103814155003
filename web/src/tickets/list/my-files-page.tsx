import { formatDateTime } from '@ecu/shared';
import { i18n as currentI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useFormatLocale } from '../../i18n';
import { isOnline } from '../../local/connectivity';
import { syncNow } from '../../local/sync-engine';
import { useOnline } from '../../local/use-online';
import type { TicketView } from '../common/api';
import { matchesTicket, ticketsNewestFirst } from '../common/local-tickets';
import { AwaitingCustomerBadge, formatPrice, Plate, StatusBadge, vehicleName } from '../common/ticket-cards';
import { QueuedTickets } from '../submitting/upload-progress';

const COLUMNS = 6;

/**
 * /my-files: the customer's tickets, from IndexedDB (works offline); when online, opening it
 * pulls the sync feed, the tickets table's only writer (docs/decisions/044-one-writer.md).
 * The search is local over what is stored.
 */
export default function MyFilesPage() {
  const online = useOnline();
  const { t } = useLingui();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [refreshing, setRefreshing] = useState(() => isOnline());
  const tickets = useLiveQuery(() => ticketsNewestFirst(), []);

  useEffect(() => {
    if (!isOnline()) {
      setRefreshing(false);
      return;
    }
    let live = true;
    syncNow()
      .catch(() => {
        // Offline is not a failure here: the stored list is what we can show.
        if (isOnline())
          toast.error(currentI18n._(msg`Failed to fetch Ecu Files`), { toastId: 'my-files-load' });
      })
      .finally(() => live && setRefreshing(false));
    return () => {
      live = false;
    };
  }, []);

  const all = tickets ?? [];
  const shown = all.filter((t) => matchesTicket(t, query));
  // 'Fetching Data...' only while nothing is known yet: Dexie unread, or empty and the server asked.
  const fetching = tickets === undefined || (all.length === 0 && refreshing && online);
  const empty = !fetching && all.length === 0;
  const searched = query.trim();
  const searching = searched !== '';
  const matching = shown.length;
  const count = all.length;

  return (
    <div className="stack tickets-page">
      <div className="page-header">
        <h1>
          <Trans>My Files</Trans>
        </h1>
        <p>
          <Trans>View your submitted ECU files</Trans>
        </p>
      </div>

      {/* Tickets submitted on this device that the server has not confirmed yet (the wizard's queue). */}
      <QueuedTickets />

      <section className="card tickets-card" aria-label={t`My files`}>
        <div className="tickets-toolbar">
          <div className="tickets-search">
            <label htmlFor={searchId} className="sr-only">
              <Trans>Search files</Trans>
            </label>
            <SearchIcon />
            <input
              id={searchId}
              type="search"
              className="input"
              placeholder={t`Search files by make, model, registration...`}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="tickets-toolbar-end">
            {!fetching && all.length > 0 && (
              <span className="muted tickets-count">
                {searching ? (
                  <Trans>
                    {matching} of {count} files
                  </Trans>
                ) : (
                  <Plural value={count} one="# file" other="# files" />
                )}
              </span>
            )}
            {!empty && (
              <Link to="/upload-file" className="btn">
                <PlusIcon />
                <Trans>Submit File</Trans>
              </Link>
            )}
          </div>
        </div>

        {empty ? (
          <div className="tickets-empty">
            <EmptyIcon />
            <h2>
              <Trans>No files submitted yet</Trans>
            </h2>
            <p className="muted">
              <Trans>Submit your first ECU file to get started!</Trans>
            </p>
            <Link to="/upload-file" className="btn">
              <Trans>Submit File</Trans>
            </Link>
          </div>
        ) : (
          <div className="tickets-table-wrap">
            <table className="tickets-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>VEHICLE</Trans>
                  </th>
                  <th scope="col">
                    <Trans>REGISTRATION</Trans>
                  </th>
                  <th scope="col">
                    <Trans>TOOL</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>PRICE</Trans>
                  </th>
                  <th scope="col">
                    <Trans>STATUS</Trans>
                  </th>
                  <th scope="col">
                    <Trans>DATE</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {fetching ? (
                  <tr className="tickets-message">
                    <td colSpan={COLUMNS} aria-busy="true">
                      <span role="status">
                        <Trans>Fetching Data...</Trans>
                      </span>
                    </td>
                  </tr>
                ) : shown.length === 0 ? (
                  <tr className="tickets-message">
                    <td colSpan={COLUMNS}>
                      <Trans>No files match “{searched}”.</Trans>
                    </td>
                  </tr>
                ) : (
                  shown.map((t) => <FileRow key={t._id} ticket={t} />)
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** The vehicle link stretches over the whole row (CSS), so the row is one big target. */
function FileRow({ ticket }: { ticket: TicketView }) {
  const { i18n } = useLingui();
  const locale = useFormatLocale();
  return (
    <tr className="tickets-row" data-testid="file-row">
      <td>
        <Link to={`/ticket-details/${ticket.ticketNumber}`} className="tickets-vehicle tickets-row-link">
          <span className="tickets-vehicle-name">{vehicleName(ticket, i18n)}</span>
          <span className="tickets-ticket-no">#{ticket.ticketNumber}</span>
        </Link>
      </td>
      <td>
        <Plate registration={ticket.registration} />
      </td>
      <td>
        {ticket.readTool || (
          <span className="muted">
            <Trans>N/A</Trans>
          </span>
        )}
      </td>
      <td className="num tickets-price">{formatPrice(ticket.creditsNeed, locale)}</td>
      <td>
        <span className="ticket-status-cell">
          <StatusBadge status={ticket.status} />
          <AwaitingCustomerBadge ticket={ticket} />
        </span>
      </td>
      <td className="tickets-date">{formatDateTime(ticket.createdAt, undefined, locale)}</td>
    </tr>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="tickets-search-icon">
      <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m14 14 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="ticket-icon">
      <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function EmptyIcon() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="tickets-empty-icon">
      <path
        d="M12 6h16l10 10v26H12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path d="M28 6v10h10M24 24v10m-5-5 5-5 5 5" fill="none" stroke="currentColor" strokeWidth="2.4" />
    </svg>
  );
}
