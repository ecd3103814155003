import { formatDateTime } from '@ecu/shared';
import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useFormatLocale } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { CannedRepliesSection } from '../canned-replies/canned-replies-section';
import { OverdueBadge } from '../escalation';
import { AdminPageHeader, AfterRestore, LoadErrorNotice, OfflineNotice, TableMessage } from '../list-parts';
import { useInboxRows } from './inbox-api';
import { customerName, previewText, unreadText } from './inbox-format';
import './inbox.css';

const COLUMNS = 6;

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
  const { t } = useLingui();
  const online = useOnline();
  const query = useInboxRows();
  const rows = query.data;
  const stale = !online && rows !== undefined;
  const error = query.error ? messageOf(query.error, t`Failed to load the inbox`) : null;

  return (
    <div className="stack admin-page">
      <AdminPageHeader title={t`Inbox`} offline={stale}>
        <Trans>Tickets with customer messages support has not read yet, the longest waiting first.</Trans>
      </AdminPageHeader>
      {stale && <OfflineNotice loadedAt={query.dataUpdatedAt || null} />}
      {online && error && rows && <LoadErrorNotice message={error} onRetry={() => void query.refetch()} />}

      <section className="card admin-card" aria-label={t`Support inbox`}>
        <div className="admin-table-wrap" aria-busy={query.isFetching}>
          <table className="admin-table">
            <caption className="sr-only">
              <Trans>Tickets waiting for support</Trans>
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
                  <Trans>Unread</Trans>
                </th>
                <th scope="col">
                  <Trans>Waiting since</Trans>
                </th>
                <th scope="col">
                  <Trans>Last message</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows === undefined ? (
                <TableMessage colSpan={COLUMNS}>
                  {!online ? (
                    t`You are offline, and the inbox has not been loaded on this device yet.`
                  ) : error ? (
                    <>
                      <span className="status-failed">{error}</span>{' '}
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        onClick={() => void query.refetch()}
                      >
                        <Trans>Try again</Trans>
                      </button>
                    </>
                  ) : (
                    <span role="status">
                      <Trans>Loading the inbox...</Trans>
                    </span>
                  )}
                </TableMessage>
              ) : rows.length === 0 ? (
                <TableMessage colSpan={COLUMNS}>
                  <Trans>No customer messages waiting.</Trans>
                </TableMessage>
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
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const name = customerName(row);
  const ticketNumber = row.ticketNumber;
  return (
    <tr data-testid="inbox-row">
      <td>
        <Link
          to={`/ticket/${row.ticketNumber}`}
          className="admin-serial"
          aria-label={t`Open ticket ${ticketNumber}`}
        >
          #{row.ticketNumber}
        </Link>
      </td>
      <td data-label={t`Customer`}>
        <div className="admin-stacked">
          <span className={name ? 'admin-user-name' : 'muted'}>{name || t`No name`}</span>
          <span className="admin-email">{row.customer.email}</span>
        </div>
      </td>
      <td data-label={t`Vehicle`}>{row.vehicle || t`Unknown vehicle`}</td>
      <td data-label={t`Unread`} className="inbox-unread">
        {unreadText(row.unreadCount, i18n)}
      </td>
      <td data-label={t`Waiting since`} className="admin-date">
        <span className="overdue-cell">
          {formatDateTime(row.waitingSince, undefined, locale)}
          <OverdueBadge minutes={row.overdue} />
        </span>
      </td>
      <td data-label={t`Last message`} className="inbox-preview" title={row.lastMessage}>
        {previewText(row.lastMessage)}
      </td>
    </tr>
  );
}
