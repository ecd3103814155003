import {
  formatDateTime,
  QUEUE_ASSIGNMENT_FILTERS,
  type QueueAssignmentFilter,
  TICKET_STATUSES,
  type TicketStatus,
} from '@ecu/shared';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../accounts';
import {
  ADMIN_MESSAGES,
  AwaitingCustomerBadge,
  adminTicketsApi,
  formatPrice,
  Plate,
  StatusBadge,
  type TicketView,
  ticketStatus,
  vehicleName,
} from '../tickets';
import { AssigneeLoad } from './assignment/assignee-load';
import { OverdueBadge } from './escalation';
import { AfterRestore, ListDesk, listStateRow } from './list-parts';
import { adminKeys, useRememberedValue } from './queries';
import { useAdminList } from './use-admin-list';

const COLUMNS = 8;

const ASSIGNED_LABELS: Record<QueueAssignmentFilter, string> = {
  all: 'All',
  mine: 'Mine',
  unassigned: 'Unassigned',
};

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

function parseAssigned(raw: string | null | undefined): QueueAssignmentFilter {
  return QUEUE_ASSIGNMENT_FILTERS.find((a) => a === raw) ?? 'all';
}

/** Whether a loaded row belongs under the assignment filter (offline, or until the server answers). */
function matchesAssigned(t: TicketView, assigned: QueueAssignmentFilter, myId: string | null): boolean {
  if (assigned === 'unassigned') return !t.assignee;
  if (assigned === 'mine') return myId !== null && t.assignee?._id === myId;
  return true;
}

/**
 * /files for staff: every ticket, newest first, searchable, filterable by status and by
 * assignee (mine, unassigned, all: docs/decisions/087-assignment.md).
 */
export default function EcuFilesPage() {
  return (
    <AfterRestore>
      <EcuFilesDesk />
    </AfterRestore>
  );
}

function EcuFilesDesk() {
  const statusId = useId();
  // The status filter outlives a visit to a ticket, like the search text.
  const [stored, setStatus] = useRememberedValue<string>('ecu-files:status', '');
  const status = parseStatus(stored);
  const [storedAssigned, setAssigned] = useRememberedValue<string>('ecu-files:assigned', 'all');
  const assigned = parseAssigned(storedAssigned);
  const me = useAuthUser();
  const myId = typeof me === 'object' && me ? me._id : null;
  const list = useAdminList<TicketView>({
    name: 'ecu-files',
    queryKey: (q) => adminKeys.ecuFiles(q, status, assigned),
    fetchPage: (query, signal) =>
      adminTicketsApi.list({ ...query, status: status || undefined, assigned }, signal),
    idOf: (t) => t._id,
    matches: matchesEcuFile,
    loadError: ADMIN_MESSAGES.listFailed,
  });

  // The server filters by status; the previous copy shown until the new answer (or offline)
  // is narrowed here too, so the table never shows rows of another status.
  const rows = list.rows.filter(
    (t) => (!status || ticketStatus(t.status) === status) && matchesAssigned(t, assigned, myId),
  );
  const shown = { ...list, rows };

  return (
    <ListDesk
      title="ECU Files"
      intro="Every submitted file, newest first. Open one to set its status and upload the tuned file."
      label="ECU files"
      list={shown}
      search={{
        label: 'Search files',
        placeholder: 'Search by ticket, registration, make, model, customer or status',
      }}
      tools={
        <>
          <fieldset className="queue-assigned-filter">
            <legend className="sr-only">Assigned to</legend>
            {QUEUE_ASSIGNMENT_FILTERS.map((a) => (
              <button
                key={a}
                type="button"
                // The chosen filter looks like the page's primary button (AA in both schemes).
                className={assigned === a ? 'btn btn-sm' : 'btn btn-secondary btn-sm'}
                aria-pressed={assigned === a}
                onClick={() => setAssigned(a)}
              >
                {ASSIGNED_LABELS[a]}
              </button>
            ))}
          </fieldset>
          <div className="admin-field ecu-status-filter">
            <label htmlFor={statusId}>Status</label>
            <select
              id={statusId}
              className="input"
              value={status}
              onChange={(e) => setStatus(parseStatus(e.target.value))}
            >
              <option value="">All statuses</option>
              {TICKET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        </>
      }
      noun={['file', 'files']}
    >
      <AssigneeLoad />
      <table className="admin-table ecu-files-table">
        <caption className="sr-only">Submitted ECU files</caption>
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
            <th scope="col">Assignee</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {listStateRow(shown, {
            colSpan: COLUMNS,
            loading: 'Fetching ECU Files...',
            empty:
              list.q.trim() || status || assigned !== 'all'
                ? 'No files match these filters.'
                : 'No files submitted yet.',
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
                  <td data-label="Customer">
                    <div className="admin-stacked">
                      <span className={name ? 'admin-user-name' : 'muted'}>{name || 'No name'}</span>
                      <span className="admin-email">{t.userId?.email ?? 'Unknown user'}</span>
                    </div>
                  </td>
                  <td data-label="Vehicle" className="ecu-file-vehicle">
                    {vehicleName(t)}
                  </td>
                  <td data-label="Registration">
                    <Plate registration={t.registration} />
                  </td>
                  <td data-label="Price" className="num">
                    {formatPrice(t.creditsNeed)}
                  </td>
                  <td data-label="Status">
                    <span className="overdue-cell">
                      <StatusBadge status={t.status} />
                      <AwaitingCustomerBadge ticket={t} />
                      <OverdueBadge minutes={t.overdue} />
                    </span>
                  </td>
                  <td data-label="Assignee">
                    {t.assignee ? (
                      t.assignee._id === myId ? (
                        `${t.assignee.name} (you)`
                      ) : (
                        t.assignee.name
                      )
                    ) : (
                      <span className="muted">Unassigned</span>
                    )}
                  </td>
                  <td data-label="Date" className="admin-date">
                    {formatDateTime(t.createdAt)}
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </ListDesk>
  );
}
