import { formatDateTime } from '@ecu/shared';
import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { Link } from 'react-router-dom';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { CannedRepliesSection } from '../canned-replies/canned-replies-section';
import { OverdueBadge } from '../escalation';
import { AdminPageHeader, AfterRestore, LoadErrorNotice, OfflineNotice, TableMessage } from '../list-parts';
import { useInboxRows } from './inbox-api';
import { customerName, previewText, unreadText } from './inbox-format';
import './inbox.css';

const COLUMNS = 6;
const LOAD_ERROR = 'Failed to load the inbox';

/**
 * /inbox for staff: tickets whose customer wrote and support has not read yet, oldest first, and
 * the staff's canned replies (docs/decisions/088-canned-replies.md).
 */
export default function InboxPage() {
  return (
    <AfterRestore>
      <Inbox />
    </AfterRestore>
  );
}

function Inbox() {
  const online = useOnline();
  const query = useInboxRows();
  const rows = query.data;
  const stale = !online && rows !== undefined;
  const error = query.error ? messageOf(query.error, LOAD_ERROR) : null;

  return (
    <div className="stack admin-page">
      <AdminPageHeader title="Inbox" offline={stale}>
        Tickets with customer messages support has not read yet, the longest waiting first.
      </AdminPageHeader>
      {stale && <OfflineNotice loadedAt={query.dataUpdatedAt || null} />}
      {online && error && rows && <LoadErrorNotice message={error} onRetry={() => void query.refetch()} />}

      <section className="card admin-card" aria-label="Support inbox">
        <div className="admin-table-wrap" aria-busy={query.isFetching}>
          <table className="admin-table">
            <caption className="sr-only">Tickets waiting for support</caption>
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Customer</th>
                <th scope="col">Vehicle</th>
                <th scope="col">Unread</th>
                <th scope="col">Waiting since</th>
                <th scope="col">Last message</th>
              </tr>
            </thead>
            <tbody>
              {rows === undefined ? (
                <TableMessage colSpan={COLUMNS}>
                  {!online ? (
                    'You are offline, and the inbox has not been loaded on this device yet.'
                  ) : error ? (
                    <>
                      <span className="status-failed">{error}</span>{' '}
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        onClick={() => void query.refetch()}
                      >
                        Try again
                      </button>
                    </>
                  ) : (
                    <span role="status">Loading the inbox...</span>
                  )}
                </TableMessage>
              ) : rows.length === 0 ? (
                <TableMessage colSpan={COLUMNS}>No customer messages waiting.</TableMessage>
              ) : (
                rows.map((row) => <InboxRow key={row.ticketId} row={row} />)
              )}
            </tbody>
          </table>
        </div>
      </section>
      <CannedRepliesSection online={online} />
    </div>
  );
}

function InboxRow({ row }: { row: ChatInboxRow }) {
  const name = customerName(row);
  return (
    <tr data-testid="inbox-row">
      <td>
        <Link
          to={`/ticket/${row.ticketNumber}`}
          className="admin-serial"
          aria-label={`Open ticket ${row.ticketNumber}`}
        >
          #{row.ticketNumber}
        </Link>
      </td>
      <td data-label="Customer">
        <div className="admin-stacked">
          <span className={name ? 'admin-user-name' : 'muted'}>{name || 'No name'}</span>
          <span className="admin-email">{row.customer.email}</span>
        </div>
      </td>
      <td data-label="Vehicle">{row.vehicle || 'Unknown vehicle'}</td>
      <td data-label="Unread" className="inbox-unread">
        {unreadText(row.unreadCount)}
      </td>
      <td data-label="Waiting since" className="admin-date">
        <span className="overdue-cell">
          {formatDateTime(row.waitingSince)}
          <OverdueBadge minutes={row.overdue} />
        </span>
      </td>
      <td data-label="Last message" className="inbox-preview" title={row.lastMessage}>
        {previewText(row.lastMessage)}
      </td>
    </tr>
  );
}
