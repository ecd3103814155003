import {
  formatDateTime,
  QUEUE_ASSIGNMENT_FILTERS,
  type QueueAssignmentFilter,
  TICKET_STATUSES,
  type TicketStatus,
} from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../accounts';
import { useDomainName, useFormatLocale } from '../i18n';
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

const ASSIGNED_LABELS: Record<QueueAssignmentFilter, MessageDescriptor> = {
  all: msg`All`,
  mine: msg`Mine`,
  unassigned: msg`Unassigned`,
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
  const { t, i18n } = useLingui();
  const name = useDomainName();
  const locale = useFormatLocale();
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
      title={t`ECU Files`}
      intro={t`Every submitted file, newest first. Open one to set its status and upload the tuned file.`}
      label={t`ECU files`}
      list={shown}
      search={{
        label: t`Search files`,
        placeholder: t`Search by ticket, registration, make, model, customer or status`,
      }}
      tools={
        <>
          <fieldset className="queue-assigned-filter">
            <legend className="sr-only">
              <Trans>Assigned to</Trans>
            </legend>
            {QUEUE_ASSIGNMENT_FILTERS.map((a) => (
              <button
                key={a}
                type="button"
                // The chosen filter looks like the page's primary button (AA in both schemes).
                className={assigned === a ? 'btn btn-sm' : 'btn btn-secondary btn-sm'}
                aria-pressed={assigned === a}
                onClick={() => setAssigned(a)}
              >
                {i18n._(ASSIGNED_LABELS[a])}
              </button>
            ))}
          </fieldset>
          <div className="admin-field ecu-status-filter">
            <label htmlFor={statusId}>
              <Trans>Status</Trans>
            </label>
            <select
              id={statusId}
              className="input"
              value={status}
              onChange={(e) => setStatus(parseStatus(e.target.value))}
            >
              <option value="">{t`All statuses`}</option>
              {TICKET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {name(s)}
                </option>
              ))}
            </select>
          </div>
        </>
      }
      noun={(count) => plural(count, { one: 'Showing # file', other: 'Showing # files' })}
    >
      <AssigneeLoad />
      <table className="admin-table ecu-files-table">
        <caption className="sr-only">
          <Trans>Submitted ECU files</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Ticket</Trans>
            </th>
            <th scope="col">
              <Trans>Customer</Trans>
            </th>
            <th scope="col">
              <Trans>Vehicle</Trans>
            </th>
            <th scope="col">
              <Trans>Registration</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Price</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <Trans>Assignee</Trans>
            </th>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {listStateRow(shown, {
            colSpan: COLUMNS,
            loading: t`Fetching ECU Files...`,
            empty:
              list.q.trim() || status || assigned !== 'all'
                ? t`No files match these filters.`
                : t`No files submitted yet.`,
          }) ??
            rows.map((t) => {
              const owner = ownerName(t);
              const ticketNumber = t.ticketNumber;
              const assigneeName = t.assignee?.name ?? '';
              return (
                <tr key={t._id} className="ecu-file-row" data-testid="ecu-file-row">
                  <td>
                    <Link
                      to={`/ticket/${t.ticketNumber}`}
                      className="admin-serial ecu-file-link"
                      aria-label={i18n._(msg`Open ticket ${ticketNumber}`)}
                    >
                      #{t.ticketNumber}
                    </Link>
                  </td>
                  <td data-label={i18n._(msg`Customer`)}>
                    <div className="admin-stacked">
                      <span className={owner ? 'admin-user-name' : 'muted'}>
                        {owner || i18n._(msg`No name`)}
                      </span>
                      <span className="admin-email">{t.userId?.email ?? i18n._(msg`Unknown user`)}</span>
                    </div>
                  </td>
                  <td data-label={i18n._(msg`Vehicle`)} className="ecu-file-vehicle">
                    {vehicleName(t)}
                  </td>
                  <td data-label={i18n._(msg`Registration`)}>
                    <Plate registration={t.registration} />
                  </td>
                  <td data-label={i18n._(msg`Price`)} className="num">
                    {formatPrice(t.creditsNeed)}
                  </td>
                  <td data-label={i18n._(msg`Status`)}>
                    <span className="overdue-cell">
                      <StatusBadge status={t.status} />
                      <AwaitingCustomerBadge ticket={t} />
                      <OverdueBadge minutes={t.overdue} />
                    </span>
                  </td>
                  <td data-label={i18n._(msg`Assignee`)}>
                    {t.assignee ? (
                      t.assignee._id === myId ? (
                        i18n._(msg`${assigneeName} (you)`)
                      ) : (
                        t.assignee.name
                      )
                    ) : (
                      <span className="muted">{i18n._(ASSIGNED_LABELS.unassigned)}</span>
                    )}
                  </td>
                  <td data-label={i18n._(msg`Date`)} className="admin-date">
                    {formatDateTime(t.createdAt, undefined, locale)}
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </ListDesk>
  );
}
