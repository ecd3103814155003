import {
  type AdminUserDetailDto,
  type AuditEntryDto,
  formatDateTime,
  type TicketSummaryDto,
  type TransactionDto,
} from '@ecu/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { PaymentColumnHeads } from '../../credits';
import { useFormatLocale } from '../../i18n';
import { formatPrice, Plate, StatusBadge, vehicleName } from '../../tickets';
import { TableMessage } from '../list-parts';
import { PaymentCells } from '../payment-parts';
import { actorText, auditActionText, auditChanges } from './history-wording';
import { type UserSection, useUserSection } from './use-user-section';

/** The user's payments, tickets and audit trail, each paged with 'Load more'. */

/**
 * `showing` says how many rows show ('Showing 3 payments'), `more` names the button's rows
 * ('Load more payments'); both in the reader's language.
 */
export function SectionFooter<T>({
  section,
  showing,
  more,
}: {
  section: UserSection<T>;
  showing: (count: number) => ReactNode;
  more: string;
}) {
  const { t } = useLingui();
  const count = section.rows.length;
  if (count === 0) return null;
  return (
    <div className="admin-list-footer">
      <span className="muted">
        {showing(count)}
        {section.hasMore ? t`; more are available` : ''}
      </span>
      {section.hasMore && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={section.loadMore}
          disabled={!section.online || section.loadingMore}
          title={section.online ? undefined : t`More rows load when you are back online`}
          aria-label={more}
        >
          {section.loadingMore ? t`Loading...` : t`Load more`}
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
  const { t } = useLingui();
  const email = detail.user.email;
  return (
    <SectionCard title={t`Payments`}>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="sr-only">
            <Trans>Payments of {email}</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Serial No</Trans>
              </th>
              <PaymentColumnHeads />
            </tr>
          </thead>
          <tbody>
            {section.rows.length === 0 ? (
              <TableMessage colSpan={6}>
                <Trans>No transactions found.</Trans>
              </TableMessage>
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
      <SectionFooter
        section={section}
        showing={(count) => <Plural value={count} one="Showing # payment" other="Showing # payments" />}
        more={t`Load more payments`}
      />
    </SectionCard>
  );
}

export function TicketsCard({ detail }: { detail: AdminUserDetailDto }) {
  const section = useUserSection(detail, 'tickets');
  const { t } = useLingui();
  const locale = useFormatLocale();
  const email = detail.user.email;
  return (
    <SectionCard title={t`Tickets`}>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="sr-only">
            <Trans>Tickets of {email}</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Ticket</Trans>
              </th>
              <th scope="col">
                <Trans>Vehicle</Trans>
              </th>
              <th scope="col">
                <Trans>Registration</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Credits</Trans>
              </th>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {section.rows.length === 0 ? (
              <TableMessage colSpan={6}>
                <Trans>No files submitted yet.</Trans>
              </TableMessage>
            ) : (
              section.rows.map((ticket: TicketSummaryDto) => {
                const ticketNumber = ticket.ticketNumber;
                return (
                  <tr key={ticket._id}>
                    <td>
                      <Link
                        to={`/ticket/${ticket.ticketNumber}`}
                        className="admin-serial"
                        aria-label={t`Open ticket ${ticketNumber}`}
                      >
                        #{ticket.ticketNumber}
                      </Link>
                    </td>
                    <td data-label={t`Vehicle`}>{vehicleName(ticket)}</td>
                    <td data-label={t`Registration`}>
                      <Plate registration={ticket.registration} />
                    </td>
                    <td data-label={t`Status`}>
                      <StatusBadge status={ticket.status} />
                    </td>
                    <td data-label={t`Credits`} className="num">
                      {formatPrice(ticket.creditsNeed)}
                    </td>
                    <td data-label={t`Date`} className="admin-date">
                      {formatDateTime(ticket.createdAt, undefined, locale)}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <SectionFooter
        section={section}
        showing={(count) => <Plural value={count} one="Showing # ticket" other="Showing # tickets" />}
        more={t`Load more tickets`}
      />
    </SectionCard>
  );
}

export function AuditCard({ detail }: { detail: AdminUserDetailDto }) {
  const section = useUserSection(detail, 'audit');
  const { t } = useLingui();
  const email = detail.user.email;
  return (
    <SectionCard title={t`Audit trail`}>
      <p className="admin-card-note muted">
        <Trans>What admins did to this account: who, when, and what changed.</Trans>
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="sr-only">
            <Trans>Audit trail of {email}</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>When</Trans>
              </th>
              <th scope="col">
                <Trans>Who</Trans>
              </th>
              <th scope="col">
                <Trans>What</Trans>
              </th>
              <th scope="col">
                <Trans>Change</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {section.rows.length === 0 ? (
              <TableMessage colSpan={4}>
                <Trans>No admin changes yet.</Trans>
              </TableMessage>
            ) : (
              section.rows.map((entry: AuditEntryDto) => <AuditRow key={entry.id} entry={entry} />)
            )}
          </tbody>
        </table>
      </div>
      <SectionFooter
        section={section}
        showing={(count) => <Plural value={count} one="Showing # entry" other="Showing # entries" />}
        more={t`Load more entries`}
      />
    </SectionCard>
  );
}

function AuditRow({ entry }: { entry: AuditEntryDto }) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const lines = auditChanges(entry, i18n);
  return (
    <tr data-testid="audit-row">
      <td data-label={t`When`} className="admin-date">
        {formatDateTime(entry.createdAt, undefined, locale)}
      </td>
      <td data-label={t`Who`}>{actorText(entry.actor, i18n)}</td>
      <td data-label={t`What`}>{auditActionText(entry.action, i18n)}</td>
      <td data-label={t`Change`}>
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
