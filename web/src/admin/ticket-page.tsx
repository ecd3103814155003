import { TICKET_STATUSES, type TicketStatus } from '@ecu/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAuthUser } from '../accounts';
import { ChatPanel, type ComposerReplies } from '../chat';
import { useDomainName } from '../i18n';
import { messageOf } from '../local/api-client';
import { isOnline } from '../local/connectivity';
import { useOnline } from '../local/use-online';
import {
  ADMIN_MESSAGES,
  adminTicketsApi,
  DetailsCard,
  EcuIdentificationView,
  FileItem,
  formatPrice,
  HistoryCard,
  parseTicketNumber,
  RequestCard,
  RevisionChain,
  TicketSubtitle,
  type TicketView,
  ticketStatus,
  vehicleName,
} from '../tickets';
import { AssignmentPanel } from './assignment/assignment-panel';
import { placeholderValuesOf, useCannedReplies } from './canned-replies/replies-api';
import { ConfirmDialog } from './confirm-dialog';
import { ProposePlanCard } from './counter-offer/propose-plan-card';
import { DtcChecklist } from './dtc/dtc-checklist';
import { KnownOriginalCard } from './known-original-card';
import { OfflineNotice } from './list-parts';
import { InternalNotesPanel } from './notes/internal-notes-panel';
import { TicketSolutionCards } from './solutions/solution-cards';
import { TunedFileUpload } from './tuned-upload';
import { useOfflineActionText } from './use-admin-command';

const adminTicketKey = (ticketNumber: number) => ['admin', 'ticket', ticketNumber] as const;

function isTicketRow(value: unknown, ticketNumber: number): value is TicketView {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as TicketView).ticketNumber === ticketNumber &&
    typeof (value as TicketView)._id === 'string'
  );
}

/**
 * The ticket's row on an admin list already in the query cache (ECU Files, a user's page), shown
 * while its own answer loads. Lists are arrays, `{ data: [] }` answers or infinite `{ pages }`.
 */
function rowFromLists(client: QueryClient, ticketNumber: number): TicketView | undefined {
  const seen = new Set<unknown>();
  const find = (value: unknown, depth: number): TicketView | undefined => {
    if (depth > 4 || typeof value !== 'object' || value === null || seen.has(value)) return undefined;
    seen.add(value);
    if (isTicketRow(value, ticketNumber)) return value;
    const children = Array.isArray(value)
      ? value
      : [(value as { data?: unknown }).data, (value as { pages?: unknown }).pages];
    for (const child of children) {
      const hit = find(child, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  };
  for (const [, data] of client.getQueriesData({ queryKey: ['admin'] })) {
    const hit = find(data, 0);
    if (hit) return hit;
  }
  return undefined;
}

/** /ticket/:ticketNumber for an admin; without a usable number it goes to /files. */
export default function AdminTicketPage() {
  const { ticketNumber } = useParams();
  const n = parseTicketNumber(ticketNumber);
  if (n === null) return <Navigate to="/files" replace />;
  return <AdminTicket key={n} ticketNumber={n} />;
}

function AdminTicket({ ticketNumber }: { ticketNumber: number }) {
  const online = useOnline();
  const client = useQueryClient();
  const me = useAuthUser();
  const { t } = useLingui();
  const query = useQuery<TicketView, Error, TicketView, ReturnType<typeof adminTicketKey>>({
    queryKey: adminTicketKey(ticketNumber),
    queryFn: async ({ signal }): Promise<TicketView> =>
      (await adminTicketsApi.details(ticketNumber, signal)).data,
    placeholderData: () => rowFromLists(client, ticketNumber),
  });
  const cannedReplies = useCannedReplies();
  // Admin ticket load failure: the server's message.
  const error = query.error ? messageOf(query.error, t`Failed to load the ticket`) : null;

  useEffect(() => {
    if (error) toast.error(error, { toastId: `admin-ticket-${ticketNumber}` });
  }, [error, ticketNumber]);

  const reload = () => void query.refetch();

  /** After a command: this ticket from its answer, and every admin list and figure refreshed. */
  function keep(ticket: TicketView) {
    client.setQueryData(adminTicketKey(ticketNumber), ticket);
    void client.invalidateQueries({ queryKey: ['admin'] });
  }

  const ticket = query.data;
  if (!ticket) {
    return (
      <Shell ticketNumber={ticketNumber}>
        {!online ? (
          <section className="card tickets-state">
            <h1>
              <Trans>Ticket #{ticketNumber}</Trans>
            </h1>
            <p className="muted">
              <Trans>You are offline, and this ticket has not been loaded on this device yet.</Trans>
            </p>
          </section>
        ) : error ? (
          <section className="card tickets-state">
            <h1>
              <Trans>Ticket #{ticketNumber}</Trans>
            </h1>
            <p className="status-failed">{error}</p>
            <div className="form-actions">
              <button type="button" className="btn btn-secondary" onClick={reload}>
                <Trans>Try again</Trans>
              </button>
              <Link to="/files" className="btn btn-secondary">
                <Trans>Back to ECU Files</Trans>
              </Link>
            </div>
          </section>
        ) : (
          <div className="spinner-page" aria-busy="true">
            <Trans>Ticket Details...</Trans>
          </div>
        )}
      </Shell>
    );
  }

  const stale = !online;
  const loadedAt = query.isPlaceholderData || !query.dataUpdatedAt ? null : query.dataUpdatedAt;
  const owner = ticket.userId;
  const ownerName = `${owner?.firstName ?? ''} ${owner?.lastName ?? ''}`.trim();
  const shownName = ownerName || t`No name`;
  const replies: ComposerReplies = {
    list: cannedReplies.data,
    problem: cannedReplies.error ? messageOf(cannedReplies.error, t`The canned replies did not load`) : null,
    values: placeholderValuesOf(ticket),
    locale: ticket.userId?.locale ?? null,
  };

  return (
    <Shell ticketNumber={ticketNumber}>
      <div className="page-header ticket-header">
        <div className="title-row">
          <h1>{vehicleName(ticket)}</h1>
          {stale && (
            <span className="badge badge-offline">
              <Trans>Offline copy</Trans>
            </span>
          )}
        </div>
        <TicketSubtitle ticket={ticket} />
        <RevisionChain ticket={ticket} path={(n) => `/ticket/${n}`} />
        {owner && (
          <p className="ticket-owner">
            <Trans>
              Customer: <strong>{shownName}</strong>
            </Trans>{' '}
            <a href={`mailto:${owner.email}`} className="ticket-owner-email">
              {owner.email}
            </a>
          </p>
        )}
      </div>

      {stale && <OfflineNotice loadedAt={loadedAt} />}
      {online && error && (
        <div className="notice notice-error notice-row" role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}

      <div className="ticket-grid">
        <div className="ticket-col">
          {typeof me === 'object' && me && (
            <AssignmentPanel ticket={ticket} me={me} online={online} onChanged={keep} />
          )}
          <DetailsCard ticket={ticket} />
          {ticket.knownOriginal && (
            <KnownOriginalCard ticket={ticket} known={ticket.knownOriginal} online={online} onReused={keep} />
          )}
          <FileStatusCard
            ticket={ticket}
            online={online}
            onChanged={() => void client.invalidateQueries({ queryKey: ['admin'] })}
            onUploaded={keep}
          />
          <ProposePlanCard
            ticket={ticket}
            online={online}
            onProposed={() => void client.invalidateQueries({ queryKey: ['admin'] })}
          />
          <TicketSolutionCards ticket={ticket} online={online} />
        </div>
        <div className="ticket-col">
          <RequestCard ticket={ticket} online={online} codes={false} />
          <DtcChecklist ticket={ticket} online={online} onChanged={keep} />
          {ticket.ecuIdentification && <EcuIdentificationView result={ticket.ecuIdentification} card />}
          <HistoryCard history={ticket.history} online={online} loading={query.isFetching} />
        </div>
      </div>
      <div className="ticket-talk">
        <ChatPanel
          ticketNumber={ticketNumber}
          variant="admin"
          replies={replies}
          partnerLanguage={ticket.userId?.locale}
        />
        <InternalNotesPanel ticketNumber={ticketNumber} online={online} />
      </div>
    </Shell>
  );
}

function Shell({ ticketNumber, children }: { ticketNumber: number; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="stack admin-page tickets-page ticket-page">
      <nav className="breadcrumb ticket-breadcrumb" aria-label={t`Breadcrumb`}>
        <Link to="/files">
          <Trans>ECU Files</Trans>
        </Link>
        <span aria-hidden="true" className="dir-icon">
          ›
        </span>
        <span>
          <Trans>Ticket #{ticketNumber}</Trans>
        </span>
      </nav>
      {children}
    </div>
  );
}

/** Status selector (any status, no transition rules), tuned-file upload and download. */
function FileStatusCard({
  ticket,
  online,
  onChanged,
  onUploaded,
}: {
  ticket: TicketView;
  online: boolean;
  onChanged: () => void;
  onUploaded: (ticket: TicketView) => void;
}) {
  const { t } = useLingui();
  const name = useDomainName();
  const offlineText = useOfflineActionText();
  const headingId = useId();
  const selectId = useId();
  const noteId = useId();
  const ticketNumber = ticket.ticketNumber;
  const current = ticketStatus(ticket.status);
  const [choice, setChoice] = useState<TicketStatus>(current);
  const [confirming, setConfirming] = useState(false);

  // A new answer from the server moves the selector with it; offline it shows the stored status.
  useEffect(() => setChoice(current), [current]);

  const mutation = useMutation({
    mutationFn: (next: TicketStatus) => adminTicketsApi.updateStatus(ticket._id, next),
    onSuccess: ({ message, data }, next) => {
      const nextName = name(next);
      toast.success(message || t`Status updated to ${nextName}`);
      if (data?.refunded && !/refund/i.test(message)) {
        const n = ticket.creditsNeed;
        const email = ticket.userId?.email;
        toast.info(
          email
            ? plural(n, { one: `# credit refunded to ${email}`, other: `# credits refunded to ${email}` })
            : plural(n, {
                one: '# credit refunded to the customer',
                other: '# credits refunded to the customer',
              }),
        );
      }
      onChanged();
    },
    onError: (err) => {
      toast.error(messageOf(err, ADMIN_MESSAGES.statusFailed));
      setChoice(current);
    },
    onSettled: () => setConfirming(false),
  });
  const saving = mutation.isPending;
  const refunds = current !== 'Failed' && ticket.charged;

  function send(next: TicketStatus) {
    // Admins act on live data: offline nothing is sent or queued (docs/decisions/014-admin-data-with-tanstack-query.md).
    if (!isOnline()) {
      toast.error(offlineText, { toastId: 'admin-offline-action' });
      setChoice(current);
      setConfirming(false);
      return;
    }
    mutation.mutate(next);
  }

  /**
   * Choosing an option applies it at once, except a Failed that refunds: that asks first
   * (docs/product.md#9-the-admin-desk).
   */
  function choose(next: TicketStatus) {
    if (!online || saving || next === current) return;
    setChoice(next);
    if (next === 'Failed' && refunds) {
      setConfirming(true);
      return;
    }
    send(next);
  }

  function cancel() {
    if (saving) return;
    setConfirming(false);
    setChoice(current);
  }

  const paid = formatPrice(ticket.creditsNeed);
  const refundNote = refunds ? t`Setting Failed refunds the ${paid} the customer paid.` : null;
  const n = ticket.creditsNeed;
  const email = ticket.userId?.email;

  return (
    <section className="card ticket-card file-status-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>File Status</Trans>
      </h2>
      <div className="file-status-row">
        <div className="file-status-field">
          <label htmlFor={selectId}>
            <Trans>Status</Trans>
          </label>
          <select
            id={selectId}
            className="input"
            value={choice}
            onChange={(e) => choose(ticketStatus(e.target.value))}
            disabled={!online || saving || confirming}
            aria-describedby={refundNote ? noteId : undefined}
          >
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {name(s)}
              </option>
            ))}
          </select>
        </div>
        {saving && (
          <span className="muted" role="status">
            <Trans>Saving...</Trans>
          </span>
        )}
      </div>
      {refundNote && (
        <p id={noteId} className="file-status-note">
          {refundNote}
        </p>
      )}
      {!online && <p className="file-status-note">{offlineText}</p>}
      {current === 'Unlocked' && !ticket.ecuTunedFile && (
        <p className="file-status-note">
          <Trans>Unlocked without a tuned file: the customer sees 'File not available'.</Trans>
        </p>
      )}

      <div className="file-status-tuned">
        <h3 className="ticket-subhead">
          <Trans>Tuned file</Trans>
        </h3>
        {ticket.ecuTunedFile ? (
          <ul className="ticket-files">
            <FileItem
              entry={{ label: t`Current tuned file`, file: ticket.ecuTunedFile, downloadable: true }}
              online={online}
            />
          </ul>
        ) : (
          <p className="muted ticket-none">
            <Trans>No tuned file uploaded yet.</Trans>
          </p>
        )}
        <TunedFileUpload ticketNumber={ticket.ticketNumber} online={online} onUploaded={onUploaded} />
      </div>

      <ConfirmDialog
        open={confirming}
        title={t`Set ticket ${ticketNumber} to Failed?`}
        confirmLabel={t`Set to Failed and refund`}
        busy={saving}
        disabled={!online}
        onConfirm={() => send('Failed')}
        onCancel={cancel}
      >
        <p>
          {email
            ? plural(n, {
                one: `The # credit charged will be refunded to ${email}.`,
                other: `The # credits charged will be refunded to ${email}.`,
              })
            : plural(n, {
                one: 'The # credit charged will be refunded to the customer.',
                other: 'The # credits charged will be refunded to the customer.',
              })}
        </p>
        {!online && <p className="status-failed">{offlineText}</p>}
      </ConfirmDialog>
    </section>
  );
}
