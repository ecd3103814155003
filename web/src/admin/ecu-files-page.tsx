import { formatDateTime, TICKET_STATUSES, type TicketStatus } from '@ecu/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { adminTicketsApi, type TicketView } from '../tickets/api';
import { ADMIN_MESSAGES, ticketStatus } from '../tickets/status';
import { formatPrice, Plate, StatusBadge, vehicleName } from '../tickets/ticket-cards';
import { ListFooter, listStateRow, OfflineNotice, SearchField } from './list-parts';
import { usePagedList } from './use-paged-list';

const COLUMNS = 7;

function ownerName(t: TicketView): string {
  return `${t.userId?.firstName ?? ''} ${t.userId?.lastName ?? ''}`.trim();
}

/** Offline the server cannot search: the same fields, over the loaded rows. */
function matchesEcuFile(t: TicketView, q: string): boolean {
  const needle = q.toLowerCase();
  const plate = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  return (
    [
      String(t.ticketNumber),
      t.registration,
      t.make,
      t.model,
      t.userId?.email,
      ownerName(t),
      ticketStatus(t.status),
    ].some((v) => v?.toLowerCase().includes(needle)) || plate(t.registration ?? '').includes(plate(q))
  );
}

function parseStatus(raw: string | null | undefined): TicketStatus | '' {
  return TICKET_STATUSES.find((s) => s === raw) ?? '';
}

/** The status filter outlives a visit to a ticket, like the search text (kept with the list). */
const FILTER_KEY = 'ecu-files-status-filter';

function readFilter(): TicketStatus | '' {
  try {
    return parseStatus(window.sessionStorage.getItem(FILTER_KEY));
  } catch {
    return '';
  }
}

function writeFilter(status: TicketStatus | '') {
  try {
    if (status) window.sessionStorage.setItem(FILTER_KEY, status);
    else window.sessionStorage.removeItem(FILTER_KEY);
  } catch {
    // Storage blocked: the filter just does not survive navigation.
  }
}

/** /files for an admin: every ticket, newest first, searchable and filterable by status. */
export default function EcuFilesPage() {
  const statusId = useId();
  const [status, setStatus] = useState(readFilter);
  // Read when a page is fetched, so the retry below asks with the filter just chosen.
  const statusRef = useRef(status);
  const list = usePagedList<TicketView>({
    cacheKey: 'ecu-files',
    fetchPage: (query, signal) =>
      adminTicketsApi.list({ ...query, status: statusRef.current || undefined }, signal),
    idOf: (t) => t._id,
    matches: matchesEcuFile,
    loadError: ADMIN_MESSAGES.listFailed,
  });

  function changeStatus(next: TicketStatus | '') {
    statusRef.current = next;
    setStatus(next);
    writeFilter(next);
    // The paging hook has no status of its own: ask the first page again with the new filter.
    if (list.online) list.retry();
  }

  // The server filters by status; the loaded copy (offline, or until the new answer) is
  // narrowed here too so the table never shows rows of another status.
  const rows = status ? list.rows.filter((t) => ticketStatus(t.status) === status) : list.rows;
  const shown = { ...list, rows };

  return (
    <div className="stack admin-page">
      <div className="page-header">
        <div className="title-row">
          <h1>ECU Files</h1>
          {list.stale && <span className="badge badge-offline">Offline copy</span>}
        </div>
        <p>Every submitted file, newest first. Open one to set its status and upload the tuned file.</p>
      </div>

      {list.stale && <OfflineNotice loadedAt={list.loadedAt} />}

      <section className="card admin-card" aria-label="ECU files">
        <div className="admin-toolbar">
          <SearchField
            label="Search files"
            placeholder="Search by ticket, registration, make, model, customer or status"
            value={list.q}
            onChange={list.setQ}
          />
          <div className="admin-field ecu-status-filter">
            <label htmlFor={statusId}>Status</label>
            <select
              id={statusId}
              className="input"
              value={status}
              onChange={(e) => changeStatus(parseStatus(e.target.value))}
            >
              <option value="">All statuses</option>
              {TICKET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="admin-table-wrap" aria-busy={list.status === 'loading' || list.refreshing}>
          <table className="admin-table ecu-files-table">
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Customer</th>
                <th scope="col">Vehicle</th>
                <th scope="col">Registration</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {listStateRow(shown, {
                colSpan: COLUMNS,
                loading: 'Fetching ECU Files...',
                empty: list.q.trim() || status ? 'No files match these filters.' : 'No files submitted yet.',
              }) ??
                rows.map((t) => {
                  const name = ownerName(t);
                  return (
                    <tr key={t._id} className="ecu-file-row" data-testid="ecu-file-row">
                      <td>
                        <Link
                          to={`/ticket/${t.ticketNumber}`}
                          className="admin-serial ecu-file-link"
                          aria-label={`Open ticket ${t.ticketNumber}`}
                        >
                          #{t.ticketNumber}
                        </Link>
                      </td>
                      <td>
                        <div className="admin-stacked">
                          <span className={name ? 'admin-user-name' : 'muted'}>{name || 'No name'}</span>
                          <span className="admin-email">{t.userId?.email ?? 'Unknown user'}</span>
                        </div>
                      </td>
                      <td className="ecu-file-vehicle">{vehicleName(t)}</td>
                      <td>
                        <Plate registration={t.registration} />
                      </td>
                      <td className="num">{formatPrice(t.creditsNeed)}</td>
                      <td>
                        <StatusBadge status={t.status} />
                      </td>
                      <td className="admin-date">{formatDateTime(t.createdAt)}</td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
        <ListFooter list={shown} noun={['file', 'files']} />
      </section>
    </div>
  );
}
