import { TICKET_STATUSES, type TicketStatus } from '@ecu/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messageOf } from '../local/api-client';
import { useOnline } from '../local/use-online';
import { adminTicketsApi, parseTicketNumber, type TicketView } from '../tickets/api';
import { ADMIN_MESSAGES, ticketStatus } from '../tickets/status';
import {
  ChatPlaceholder,
  DetailsCard,
  FileItem,
  formatPrice,
  HistoryCard,
  RequestCard,
  TicketSubtitle,
  vehicleName,
} from '../tickets/ticket-cards';
import { currentOwner, readSnapshot, writeSnapshot } from './list-cache';
import { OfflineNotice } from './list-parts';
import { TunedFileUpload } from './tuned-upload';

const cacheKey = (n: number) => `ticket:${n}`;

interface Loaded {
  ticket: TicketView;
  /** When the server last answered for it (null: only the row of the ECU Files list so far). */
  loadedAt: number | null;
}

/**
 * The last copy of this ticket: its own (with history) or, before that, its row on the ECU
 * Files list. Both live in the admin list cache, which sign-out and a change of admin clear.
 */
function cachedTicket(n: number): Loaded | null {
  const own = readSnapshot<TicketView>(cacheKey(n));
  if (own?.rows[0]) return { ticket: own.rows[0], loadedAt: own.loadedAt };
  const row = readSnapshot<TicketView>('ecu-files')?.rows.find((t) => t.ticketNumber === n);
  return row ? { ticket: row, loadedAt: null } : null;
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
  const [loaded, setLoaded] = useState<Loaded | null>(() => cachedTicket(ticketNumber));
  const [error, setError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const [attempt, setAttempt] = useState(0);

  function keep(ticket: TicketView) {
    const next = { ticket, loadedAt: Date.now() };
    setLoaded(next);
    writeSnapshot(cacheKey(ticketNumber), {
      owner: currentOwner() ?? '',
      q: '',
      rows: [ticket],
      nextCursor: null,
      loadedAt: next.loadedAt,
    });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reload trigger; keep only writes state
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setFetching(true);
    adminTicketsApi
      .details(ticketNumber, controller.signal)
      .then(({ data }) => {
        keep(data);
        setError(null);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        // Admin ticket load failure: the server's message (spec section 8).
        const text = messageOf(err, 'Failed to load the ticket');
        setError(text);
        toast.error(text, { toastId: `admin-ticket-${ticketNumber}` });
      })
      .finally(() => {
        if (!controller.signal.aborted) setFetching(false);
      });
    return () => controller.abort();
  }, [ticketNumber, online, attempt]);

  const reload = () => setAttempt((a) => a + 1);

  if (!loaded) {
    return (
      <Shell ticketNumber={ticketNumber}>
        {!online ? (
          <section className="card tickets-state">
            <h1>Ticket #{ticketNumber}</h1>
            <p className="muted">You are offline, and this ticket has not been loaded on this device yet.</p>
          </section>
        ) : error ? (
          <section className="card tickets-state">
            <h1>Ticket #{ticketNumber}</h1>
            <p className="status-failed">{error}</p>
            <div className="form-actions">
              <button type="button" className="btn btn-secondary" onClick={reload}>
                Try again
              </button>
              <Link to="/files" className="btn btn-secondary">
                Back to ECU Files
              </Link>
            </div>
          </section>
        ) : (
          <div className="spinner-page" aria-busy="true">
            Ticket Details...
          </div>
        )}
      </Shell>
    );
  }

  const { ticket } = loaded;
  const stale = !online;
  const owner = ticket.userId;
  const ownerName = `${owner?.firstName ?? ''} ${owner?.lastName ?? ''}`.trim();

  return (
    <Shell ticketNumber={ticketNumber}>
      <div className="page-header ticket-header">
        <div className="title-row">
          <h1>{vehicleName(ticket)}</h1>
          {stale && <span className="badge badge-offline">Offline copy</span>}
        </div>
        <TicketSubtitle ticket={ticket} />
        {owner && (
          <p className="ticket-owner">
            Customer: <strong>{ownerName || 'No name'}</strong>{' '}
            <a href={`mailto:${owner.email}`} className="ticket-owner-email">
              {owner.email}
            </a>
          </p>
        )}
      </div>

      {stale && <OfflineNotice loadedAt={loaded.loadedAt} />}
      {online && error && (
        <div className="notice notice-error notice-row" role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
            Try again
          </button>
        </div>
      )}

      <div className="ticket-grid">
        <div className="ticket-col">
          <DetailsCard ticket={ticket} />
          <FileStatusCard ticket={ticket} online={online} onChanged={reload} onUploaded={keep} />
        </div>
        <div className="ticket-col">
          <RequestCard ticket={ticket} online={online} />
          <HistoryCard history={ticket.history} online={online} loading={fetching} />
        </div>
      </div>
      <ChatPlaceholder variant="admin" />
    </Shell>
  );
}

function Shell({ ticketNumber, children }: { ticketNumber: number; children: ReactNode }) {
  return (
    <div className="stack admin-page tickets-page ticket-page">
      <nav className="breadcrumb ticket-breadcrumb" aria-label="Breadcrumb">
        <Link to="/files">ECU Files</Link>
        <span aria-hidden="true">›</span>
        <span>Ticket #{ticketNumber}</span>
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
  const headingId = useId();
  const selectId = useId();
  const noteId = useId();
  const current = ticketStatus(ticket.status);
  const [choice, setChoice] = useState<TicketStatus>(current);
  const [saving, setSaving] = useState(false);

  // A new answer from the server moves the selector with it; offline it shows the stored status.
  useEffect(() => {
    if (!online) setChoice(current);
  }, [online, current]);
  useEffect(() => setChoice(current), [current]);

  /** Choosing an option applies it at once (spec: the admin sets the status from a dropdown). */
  async function apply(next: TicketStatus) {
    // Admins act on live data: offline nothing is sent or queued (DECISIONS 1).
    if (!online || saving || next === current) return;
    setChoice(next);
    setSaving(true);
    try {
      const { message } = await adminTicketsApi.updateStatus(ticket._id, next);
      toast.success(message || `Status updated to ${next}`);
      onChanged();
    } catch (err) {
      toast.error(messageOf(err, ADMIN_MESSAGES.statusFailed));
      setChoice(current);
    } finally {
      setSaving(false);
    }
  }

  const refundNote =
    current !== 'Failed' && ticket.charged
      ? `Setting Failed refunds the ${formatPrice(ticket.creditsNeed)} the customer paid.`
      : null;

  return (
    <section className="card ticket-card file-status-card" aria-labelledby={headingId}>
      <h2 id={headingId}>File Status</h2>
      <div className="file-status-row">
        <div className="file-status-field">
          <label htmlFor={selectId}>Status</label>
          <select
            id={selectId}
            className="input"
            value={choice}
            onChange={(e) => apply(ticketStatus(e.target.value))}
            disabled={!online || saving}
            aria-describedby={refundNote ? noteId : undefined}
          >
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {saving && (
          <span className="muted" role="status">
            Saving...
          </span>
        )}
      </div>
      {refundNote && (
        <p id={noteId} className="file-status-note">
          {refundNote}
        </p>
      )}
      {current === 'Unlocked' && !ticket.ecuTunedFile && (
        <p className="file-status-note">
          Unlocked without a tuned file: the customer sees 'File not available'.
        </p>
      )}

      <div className="file-status-tuned">
        <h3 className="ticket-subhead">Tuned file</h3>
        {ticket.ecuTunedFile ? (
          <ul className="ticket-files">
            <FileItem
              entry={{ label: 'Current tuned file', file: ticket.ecuTunedFile, downloadable: true }}
              online={online}
            />
          </ul>
        ) : (
          <p className="muted ticket-none">No tuned file uploaded yet.</p>
        )}
        <TunedFileUpload ticketNumber={ticket.ticketNumber} online={online} onUploaded={onUploaded} />
      </div>
    </section>
  );
}
