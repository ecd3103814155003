import { DEFAULT_LOCALE, formatDateTime, formatFileSize, intlTag, type Locale } from '@ecu/shared';
import { i18n as currentI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { formatLocale, useDomainName, useFormatLocale } from '../../i18n';
import { toast } from '../../ui/toast';
import './awaiting-customer.css';
import type { StoredFile, TicketEvent, TicketView } from './api';
import { DtcCodeList } from './dtc-code-list';
import {
  type AutoDelivery,
  type Banner,
  formatTook,
  historyLine,
  type StatusTone,
  statusTone,
  ticketStatus,
} from './status';
import { awaitingCustomerText } from './texts';

/** The cards of a ticket, shared by the customer's ticket details and the admin ticket page. */

export const NOTES_PREVIEW_LENGTH = 100;

/** Notes over 100 characters are cut with an ellipsis (docs/product.md#3-customer-screens). */
export function previewNotes(
  notes: string,
  limit = NOTES_PREVIEW_LENGTH,
): { text: string; truncated: boolean } {
  const chars = Array.from(notes);
  if (chars.length <= limit) return { text: notes, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}

/**
 * '3.00 CRD': the My Files price cell, creditsNeed then '.00 CRD' (docs/product.md#3-customer-screens);
 * another `locale` writes the number its way ('3,00 CRD').
 */
export function formatPrice(creditsNeed: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const n = Number(creditsNeed);
  const value = Number.isFinite(n) ? n : 0;
  if (locale === DEFAULT_LOCALE) return `${value.toFixed(2)} CRD`;
  const number = new Intl.NumberFormat(intlTag(locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return `${number} CRD`;
}

/** Make, model and year; 'Unknown vehicle' (in the language of `i18n`) when none is known. */
export function vehicleName(
  t: Pick<TicketView, 'make' | 'model' | 'year'>,
  i18n: I18n = currentI18n,
): string {
  return (
    [t.make, t.model, t.year].filter((v) => String(v ?? '').trim()).join(' ') || i18n._(msg`Unknown vehicle`)
  );
}

/** The value, or 'N/A' in the reader's language. */
function useOrNA(): (v: unknown) => string {
  const { t } = useLingui();
  return (v) => (typeof v === 'string' && v.trim() ? v : t`N/A`);
}

export function StatusBadge({ status }: { status: unknown }) {
  const name = useDomainName();
  return (
    <span className={`ticket-badge tone-${statusTone(status)}`} data-testid="ticket-status">
      {name(ticketStatus(status))}
    </span>
  );
}

/**
 * 'Awaiting customer': a proposed plan waits for the customer's answer
 * (docs/decisions/091-counter-offers.md). A flag beside the status, not a status of its own.
 */
export function AwaitingCustomerBadge({
  ticket,
}: {
  ticket: Pick<TicketView, 'awaitingCustomer' | 'counterOffer'>;
}) {
  const { i18n } = useLingui();
  if (!ticket.awaitingCustomer && !ticket.counterOffer) return null;
  return (
    <span className="ticket-badge tone-yellow" data-testid="awaiting-customer">
      {awaitingCustomerText(i18n)}
    </span>
  );
}

/** A UK-style number plate, so a registration reads as one at a glance. */
export function Plate({ registration }: { registration: string | null | undefined }) {
  const text = registration?.trim();
  if (!text)
    return (
      <span className="muted">
        <Trans>N/A</Trans>
      </span>
    );
  return <span className="ticket-plate">{text.toUpperCase()}</span>;
}

function Notes({ notes }: { notes: string | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { t } = useLingui();
  const text = notes?.trim() ?? '';
  if (!text) return <>{t`N/A`}</>;
  const preview = previewNotes(text);
  return (
    <>
      <span id={id} className="ticket-notes">
        {open || !preview.truncated ? text : preview.text}
      </span>
      {preview.truncated && (
        <button
          type="button"
          className="ticket-see-more"
          aria-controls={id}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t`See less` : t`See more`}
        </button>
      )}
    </>
  );
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`ticket-fact${wide ? ' is-wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Details card: notes, registration, ECU, tool, gearbox, each with an 'N/A' fallback. */
export function DetailsCard({ ticket }: { ticket: TicketView }) {
  const headingId = useId();
  const { t } = useLingui();
  const orNA = useOrNA();
  const name = useDomainName();
  const stored = (v: unknown) => (typeof v === 'string' && v.trim() ? name(v) : orNA(v));
  return (
    <section className="card ticket-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Details</Trans>
      </h2>
      <dl className="ticket-facts">
        <Fact label={t`Notes`} wide>
          <Notes notes={ticket.notes} />
        </Fact>
        <Fact label={t`Registration`}>
          <Plate registration={ticket.registration} />
        </Fact>
        <Fact label={t`ECU`}>
          <bdi dir="ltr">{orNA(ticket.ecuId)}</bdi>
        </Fact>
        <Fact label={t`Tool`}>{orNA(ticket.readTool)}</Fact>
        <Fact label={t`Gearbox`}>{stored(ticket.transmission)}</Fact>
        <Fact label={t`Read type`}>{stored(ticket.readType)}</Fact>
        <Fact label={t`Master / Slave`}>{stored(ticket.masterSlave)}</Fact>
      </dl>
    </section>
  );
}

function StatusIcon({ tone }: { tone: StatusTone }) {
  const paths: Record<StatusTone, ReactNode> = {
    green: <path d="m6 10.5 2.5 2.5L14 7.5" />,
    red: <path d="M10 6v5m0 3h.01" />,
    blue: <path d="M10 6v4l2.5 2" />,
    purple: (
      <>
        <rect x="6" y="9" width="8" height="6" rx="1.5" />
        <path d="M7.5 9V7.5a2.5 2.5 0 0 1 4.8-1" />
      </>
    ),
    yellow: <path d="M10 6v4l2.5 2" />,
  };
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="ticket-banner-icon">
      <circle cx="10" cy="10" r="8.5" />
      {paths[tone]}
    </svg>
  );
}

/**
 * The customer's status panel (docs/product.md#5-tickets): the banner text of the status and, when
 * Unlocked, Download (a tuned file exists) or a disabled 'File not available'.
 */
export function StatusPanel({
  ticket,
  banner,
  online,
  downloading,
  onDownload,
  automatic = null,
}: {
  ticket: TicketView;
  banner: Banner;
  online: boolean;
  downloading: boolean;
  onDownload: () => void;
  /** Delivered from the solution library: said under the banner, with the time it took. */
  automatic?: AutoDelivery | null;
}) {
  const headingId = useId();
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const delivered = banner.status === 'Unlocked' || banner.status === 'Completed';
  const took = automatic?.tookSeconds == null ? null : formatTook(automatic.tookSeconds, i18n);
  const price = formatPrice(ticket.creditsNeed, locale);
  return (
    <section className="card ticket-card" aria-labelledby={headingId}>
      <div className="ticket-card-head">
        <h2 id={headingId}>
          <Trans>Status</Trans>
        </h2>
        <StatusBadge status={ticket.status} />
      </div>
      <div className={`ticket-banner tone-${banner.tone}`} role="status" data-testid="status-banner">
        <StatusIcon tone={banner.tone} />
        <p>{banner.text}</p>
      </div>
      {automatic && delivered && (
        <div className="ticket-auto" data-testid="auto-delivered">
          <p>
            {took === null ? (
              <Trans>
                <strong>Delivered automatically</strong>.
              </Trans>
            ) : (
              <Trans>
                <strong>Delivered automatically</strong> in {took} after your upload.
              </Trans>
            )}
          </p>
          {automatic.checksumNote && <p className="muted">{automatic.checksumNote}</p>}
        </div>
      )}
      {banner.action === 'download' && (
        <div className="ticket-download">
          <button
            type="button"
            className="btn ticket-download-btn"
            onClick={onDownload}
            disabled={!online || downloading}
            aria-busy={downloading}
          >
            <DownloadIcon />
            {downloading ? t`Checking...` : t`Download`}
          </button>
          <p className="muted">
            {!online
              ? t`Downloads need a connection; you are offline.`
              : ticket.charged
                ? t`Already paid: download it again at no charge.`
                : t`The first download takes ${price} from your balance; later downloads are free.`}
          </p>
        </div>
      )}
      {banner.action === 'unavailable' && (
        <div className="ticket-download">
          <button type="button" className="btn btn-secondary" disabled>
            <Trans>File not available</Trans>
          </button>
        </div>
      )}
    </section>
  );
}

export function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="ticket-icon">
      <path
        d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="ticket-icon">
      <rect x="7" y="7" width="9" height="10" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="M13 4.5V4a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The SHA-256 in full (monospace, selectable) with a copy button. */
function Sha256({ value, fileName }: { value: string; fileName: string }) {
  const [copied, setCopied] = useState(false);
  const { t } = useLingui();
  async function copy() {
    if (await copyText(value)) {
      setCopied(true);
      toast.success(t`SHA-256 copied`, { toastId: `sha-${value}` });
      setTimeout(() => setCopied(false), 1500);
    } else {
      toast.error(t`Could not copy; select the checksum and copy it by hand`);
    }
  }
  return (
    <div className="ticket-sha">
      <span className="ticket-sha-label">SHA-256</span>
      <code className="ticket-sha-value" data-testid="file-sha256">
        {value}
      </code>
      <button
        type="button"
        className="ticket-icon-btn"
        onClick={copy}
        aria-label={t`Copy the SHA-256 of ${fileName}`}
        title={copied ? t`Copied` : t`Copy`}
      >
        {copied ? <span aria-hidden="true">✓</span> : <CopyIcon />}
      </button>
    </div>
  );
}

export interface FileEntry {
  label: string;
  file: StoredFile;
  /** Whether this viewer may fetch the file by its plain url (not a customer's tuned file). */
  downloadable: boolean;
}

/** One stored file: name, size, SHA-256, and a download link when allowed. */
export function FileItem({ entry, online }: { entry: FileEntry; online: boolean }) {
  const { file, label, downloadable } = entry;
  const { t } = useLingui();
  const locale = useFormatLocale();
  const what = label.toLowerCase();
  const fileName = file.name;
  return (
    <li className="ticket-file" data-testid="ticket-file">
      <div className="ticket-file-main">
        <FileIcon />
        <div className="ticket-file-text">
          <span className="ticket-file-label">{label}</span>
          <span className="ticket-file-name" title={file.name}>
            {file.name}
          </span>
          <span className="ticket-file-size">{formatFileSize(file.size, locale)}</span>
        </div>
        {downloadable &&
          (online ? (
            <a
              className="btn btn-secondary btn-sm ticket-file-download"
              href={file.url}
              download={file.name}
              aria-label={t`Download ${what} ${fileName}`}
            >
              <DownloadIcon />
              <Trans>Download</Trans>
            </a>
          ) : (
            <span
              className="btn btn-secondary btn-sm ticket-file-download is-disabled"
              aria-disabled="true"
              title={t`Downloads need a connection`}
            >
              <DownloadIcon />
              <Trans>Download</Trans>
            </span>
          ))}
      </div>
      <Sha256 value={file.sha256} fileName={file.name} />
    </li>
  );
}

function FileIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="ticket-file-icon">
      <path d="M6 3h8l5 5v13H6z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M14 3v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The files a ticket was submitted with: the original, then the additional files. The tuned
 * file is not among them: the customer gets it through Download (eligibility, charge, signed
 * link), the admin on the File Status card.
 */
export function ticketFiles(ticket: TicketView, i18n: I18n = currentI18n): FileEntry[] {
  const entries: FileEntry[] = [];
  if (ticket.ecuFile)
    entries.push({ label: i18n._(msg`ECU file`), file: ticket.ecuFile, downloadable: true });
  (ticket.commonFiles ?? []).forEach((file, i, all) => {
    const number = i + 1;
    entries.push({
      label: all.length > 1 ? i18n._(msg`Additional file ${number}`) : i18n._(msg`Additional file`),
      file,
      downloadable: true,
    });
  });
  return entries;
}

/**
 * Request card: stage, solutions, the fault codes and which were removed, price, and the
 * ticket's files with size and SHA-256. The desk, which ticks the codes in its own checklist,
 * leaves them out here (`codes={false}`).
 */
export function RequestCard({
  ticket,
  online,
  codes = true,
}: {
  ticket: TicketView;
  online: boolean;
  codes?: boolean;
}) {
  const headingId = useId();
  const { t, i18n } = useLingui();
  const name = useDomainName();
  const orNA = useOrNA();
  const files = ticketFiles(ticket, i18n);
  const options = ticket.options ?? [];
  // Tickets stored on this device before fault codes existed have none.
  const dtcCodes = ticket.dtcCodes ?? [];
  const removed = dtcCodes.filter((c) => c.removed).length;
  const total = dtcCodes.length;
  return (
    <section className="card ticket-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Request</Trans>
      </h2>
      <dl className="ticket-facts">
        <Fact label={t`Stage`}>{ticket.stage?.trim() ? name(ticket.stage) : orNA(ticket.stage)}</Fact>
        <Fact label={t`Price`}>{formatPrice(ticket.creditsNeed, formatLocale(i18n))}</Fact>
        <Fact label={t`Solutions`} wide>
          {options.length === 0 ? (
            t`N/A`
          ) : (
            <ul className="ticket-chips" aria-label={t`Solutions`}>
              {options.map((o) => (
                <li key={o} className="ticket-chip">
                  {o}
                </li>
              ))}
            </ul>
          )}
        </Fact>
        {codes && dtcCodes.length > 0 && (
          <Fact label={t`Fault codes (${removed} of ${total} removed)`} wide>
            <DtcCodeList codes={dtcCodes} />
          </Fact>
        )}
      </dl>
      <h3 className="ticket-subhead">
        <Trans>Files</Trans>
      </h3>
      {files.length === 0 ? (
        <p className="muted ticket-none">
          <Trans>No files stored for this ticket.</Trans>
        </p>
      ) : (
        <ul className="ticket-files">
          {files.map((entry) => (
            <FileItem key={entry.file.id} entry={entry} online={online} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The history timeline: created, status changes with who, files uploaded, charged, refunded. */
export function HistoryCard({
  history,
  online,
  loading,
}: {
  history: TicketEvent[] | undefined;
  online: boolean;
  loading: boolean;
}) {
  const headingId = useId();
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  return (
    <section className="card ticket-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>History</Trans>
      </h2>
      {history && history.length > 0 ? (
        <ol className="ticket-timeline">
          {history.map((event, i) => {
            const line = historyLine(event, (bytes) => formatFileSize(bytes, locale), i18n);
            return (
              // History is append-only: the index is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: events have no id of their own
              <li key={i} className={`ticket-event tone-${line.tone}`}>
                <span className="ticket-event-dot" aria-hidden="true" />
                <div className="ticket-event-body">
                  <span className="ticket-event-title">{line.title}</span>
                  {line.meta && <span className="ticket-event-meta">{line.meta}</span>}
                </div>
                <time className="ticket-event-time" dateTime={event.at}>
                  {formatDateTime(event.at, undefined, locale)}
                </time>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="muted">
          {history
            ? t`Nothing has happened on this ticket yet.`
            : loading
              ? t`Loading the history...`
              : online
                ? t`The history could not be loaded.`
                : t`The history shows when you are online.`}
        </p>
      )}
    </section>
  );
}

/** Ticket number, submission date and status under a ticket page's title. */
export function TicketSubtitle({ ticket }: { ticket: TicketView }) {
  const locale = useFormatLocale();
  const submitted = formatDateTime(ticket.createdAt, undefined, locale);
  return (
    <div className="ticket-subtitle">
      <span className="ticket-number">
        <bdi dir="ltr">#{ticket.ticketNumber}</bdi>
      </span>
      <span aria-hidden="true">·</span>
      <span>
        <Trans>Submitted {submitted}</Trans>
      </span>
      <StatusBadge status={ticket.status} />
      <AwaitingCustomerBadge ticket={ticket} />
    </div>
  );
}
