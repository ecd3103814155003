import {
  type AdminUserDetailDto,
  type AuditEntryDto,
  formatDateTime,
  type TicketSummaryDto,
  type TransactionDto,
} from '@ecu/shared';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { PaymentColumnHeads } from '../../credits';
import { formatPrice, Plate, StatusBadge, vehicleName } from '../../tickets';
import { TableMessage } from '../list-parts';
import { PaymentCells } from '../payment-parts';
import { actorText, auditActionText, auditChanges } from './history-wording';
import { type UserSection, useUserSection } from './use-user-section';

/** The user's payments, tickets and audit trail, each paged with 'Load more'. */

export function SectionFooter<T>({ section, noun }: { section: UserSection<T>; noun: [string, string] }) {
  const count = section.rows.length;
  if (count === 0) return null;
  return (
    <div className="admin-list-footer">
      <span className="muted">
        Showing {count} {count === 1 ? noun[0] : noun[1]}
        {section.hasMore ? '; more are available' : ''}
      </span>
      {section.hasMore && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={section.loadMore}
          disabled={!section.online || section.loadingMore}
          title={section.online ? undefined : 'More rows load when you are back online'}
          aria-label={`Load more ${noun[1]}`}
        >
          {section.loadingMore ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}

function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card admin-card" aria-labelledby={id}>
      <div className="admin-card-head">
        <h2 id={id}>{title}</h2>
      </div>
      {children}
    </section>
  );
}

export function PaymentsCard({ detail }: { detail: AdminUserDetailDto }) {
  const section = useUserSection(detail, 'payments');
  return (
    <SectionCard title="Payments">
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="sr-only">Payments of {detail.user.email}</caption>
          <thead>
            <tr>
              <th scope="col">Serial No</th>
              <PaymentColumnHeads />
            </tr>
          </thead>
          <tbody>
            {section.rows.length === 0 ? (
              <TableMessage colSpan={6}>No transactions found.</TableMessage>
            ) : (
              section.rows.map((tx: TransactionDto) => (
                <tr key={tx._id}>
                  <td className="admin-serial">
                    <bdi dir="ltr">{tx.serialNo}</bdi>
                  </td>
                  <PaymentCells tx={tx} online={section.online} />
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <SectionFooter section={section} noun={['payment', 'payments']} />
    </SectionCard>
  );
}

export function TicketsCard({ detail }: { detail: AdminUserDetailDto }) {
  const section = useUserSection(detail, 'tickets');
  return (
    <SectionCard title="Tickets">
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="sr-only">Tickets of {detail.user.email}</caption>
          <thead>
            <tr>
              <th scope="col">Ticket</th>
              <th scope="col">Vehicle</th>
              <th scope="col">Registration</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Credits
              </th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {section.rows.length === 0 ? (
              <TableMessage colSpan={6}>No files submitted yet.</TableMessage>
            ) : (
              section.rows.map((t: TicketSummaryDto) => (
                <tr key={t._id}>
                  <td>
                    <Link
                      to={`/ticket/${t.ticketNumber}`}
                      className="admin-serial"
                      aria-label={`Open ticket ${t.ticketNumber}`}
                    >
                      #{t.ticketNumber}
                    </Link>
                  </td>
                  <td data-label="Vehicle">{vehicleName(t)}</td>
                  <td data-label="Registration">
                    <Plate registration={t.registration} />
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={t.status} />
                  </td>
                  <td data-label="Credits" className="num">
                    {formatPrice(t.creditsNeed)}
                  </td>
                  <td data-label="Date" className="admin-date">
                    {formatDateTime(t.createdAt)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <SectionFooter section={section} noun={['ticket', 'tickets']} />
    </SectionCard>
  );
}

export function AuditCard({ detail }: { detail: AdminUserDetailDto }) {
  const section = useUserSection(detail, 'audit');
  return (
    <SectionCard title="Audit trail">
      <p className="admin-card-note muted">What admins did to this account: who, when, and what changed.</p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="sr-only">Audit trail of {detail.user.email}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {section.rows.length === 0 ? (
              <TableMessage colSpan={4}>No admin changes yet.</TableMessage>
            ) : (
              section.rows.map((entry: AuditEntryDto) => <AuditRow key={entry.id} entry={entry} />)
            )}
          </tbody>
        </table>
      </div>
      <SectionFooter section={section} noun={['entry', 'entries']} />
    </SectionCard>
  );
}

function AuditRow({ entry }: { entry: AuditEntryDto }) {
  const lines = auditChanges(entry);
  return (
    <tr data-testid="audit-row">
      <td data-label="When" className="admin-date">
        {formatDateTime(entry.createdAt)}
      </td>
      <td data-label="Who">{actorText(entry.actor)}</td>
      <td data-label="What">{auditActionText(entry.action)}</td>
      <td data-label="Change">
        {lines.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          <ul className="admin-changes">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
