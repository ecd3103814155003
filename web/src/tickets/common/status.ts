import { priceDifferenceLabel, TICKET_STATUSES, type TicketStatus } from '@ecu/shared';

/**
 * What a ticket's state reads as (docs/product.md#5-tickets): the status shown, its colour, the
 * customer's banner text, and the lines of its history.
 */

/** Unknown or missing statuses are shown as Pending (docs/product.md#5-tickets). */
export function ticketStatus(raw: unknown): TicketStatus {
  return TICKET_STATUSES.find((s) => s === raw) ?? 'Pending';
}

export type StatusTone = 'green' | 'red' | 'blue' | 'purple' | 'yellow';

/** Completed green, Failed red, In Progress blue, Unlocked purple, others yellow. */
export const STATUS_TONE: Record<TicketStatus, StatusTone> = {
  Completed: 'green',
  Failed: 'red',
  'In Progress': 'blue',
  Unlocked: 'purple',
  Pending: 'yellow',
};

export function statusTone(raw: unknown): StatusTone {
  return STATUS_TONE[ticketStatus(raw)];
}

/** The customer's banner per status (docs/product.md#5-tickets). */
export const BANNER_TEXT: Record<TicketStatus, string> = {
  Pending: 'Your file request is pending and will be processed soon.',
  'In Progress': 'Your file is currently being tuned.',
  Completed: 'File tuning has been completed successfully. Wait for the file to be available.',
  Failed: 'Something went wrong while tuning the file. Please check again later.',
  Unlocked: 'Click below to download your tuned file.',
};

export interface Banner {
  status: TicketStatus;
  tone: StatusTone;
  text: string;
  /** Unlocked only: 'download' with a tuned file, 'unavailable' (a disabled 'File not available') without. */
  action: 'download' | 'unavailable' | null;
}

export function bannerFor(ticket: { status?: unknown; ecuTunedFile?: unknown }): Banner {
  const status = ticketStatus(ticket.status);
  return {
    status,
    tone: STATUS_TONE[status],
    text: BANNER_TEXT[status],
    action: status === 'Unlocked' ? (ticket.ecuTunedFile ? 'download' : 'unavailable') : null,
  };
}

/** What the Download button says after asking the server (docs/product.md#8-downloads-and-unlocking). */
export const DOWNLOAD_MESSAGES = {
  missingTicket: 'Ticket number missing!',
  started: 'Download started...',
  notEligible: 'You are not eligible to download this file',
  failed: 'Failed to check download eligibility',
} as const;

export const ADMIN_MESSAGES = {
  statusFailed: 'Failed to update file status',
  noTunedFile: 'Please select a tuned file',
  tunedFailed: 'Failed to upload tuned file',
  listFailed: 'Failed to load ECU Files',
} as const;

export interface HistoryLine {
  title: string;
  /** Who did it and any figures, e.g. 'by Jane Admin (admin)'. */
  meta: string | null;
  tone: StatusTone | 'neutral';
}

/** 'Stage 2: EGR OFF, DTC OFF' from an event's stage and options. */
function planText(d: Record<string, unknown>): string {
  const options = Array.isArray(d.options) ? d.options.filter((o) => typeof o === 'string') : [];
  const stage = typeof d.stage === 'string' ? d.stage : 'N/A';
  return options.length ? `${stage}: ${options.join(', ')}` : stage;
}

function credits(value: unknown): string {
  const n = Number(value);
  return `${Number.isFinite(n) ? n : 0} CRD`;
}

const KIND_TITLES: Record<string, string> = {
  ecu: 'ECU file',
  common: 'Additional file',
  tuned: 'Tuned file',
};

/** One history event (api/src/tickets: created, status_changed, file_uploaded, charged, refunded, assigned, dtc_code). */
export function historyLine(
  event: { kind: string; by: string | null; detail: Record<string, unknown> },
  formatSize: (bytes: number) => string = (b) => `${b} B`,
): HistoryLine {
  const by = event.by ? `by ${event.by}` : null;
  const d = event.detail ?? {};
  switch (event.kind) {
    case 'created':
      return {
        title: 'Ticket submitted',
        meta:
          [by, d.creditsNeed !== undefined ? `price ${credits(d.creditsNeed)}` : null]
            .filter(Boolean)
            .join(' · ') || null,
        tone: 'neutral',
      };
    case 'status_changed': {
      const to = ticketStatus(d.to);
      const from = d.from === undefined ? null : ticketStatus(d.from);
      return {
        title: from ? `Status changed from ${from} to ${to}` : `Status set to ${to}`,
        meta: by,
        tone: STATUS_TONE[to],
      };
    }
    case 'file_uploaded': {
      const what = KIND_TITLES[String(d.kind)] ?? 'File';
      const size = Number(d.size);
      const name = typeof d.name === 'string' ? d.name : '';
      return {
        title: `${what} uploaded${name ? `: ${name}` : ''}`,
        meta:
          [by, Number.isFinite(size) && size > 0 ? formatSize(size) : null].filter(Boolean).join(' · ') ||
          null,
        tone: d.kind === 'tuned' ? 'purple' : 'neutral',
      };
    }
    case 'dtc_code':
      return {
        title: d.removed
          ? `Fault code ${String(d.code)} removed`
          : `Fault code ${String(d.code)} to remove again`,
        meta: by,
        tone: d.removed ? 'green' : 'neutral',
      };
    case 'charged':
      return { title: `Charged ${credits(d.credits)} for the tuned file`, meta: by, tone: 'neutral' };
    case 'refunded':
      return { title: `Refunded ${credits(d.credits)}`, meta: by, tone: 'green' };
    case 'auto_delivered': {
      const took = tookSecondsOf(d);
      return {
        title: typeof d.message === 'string' && d.message ? d.message : 'Delivered automatically',
        meta:
          [
            took === null ? null : `in ${formatTook(took)}`,
            typeof d.checksumNote === 'string' ? d.checksumNote : null,
          ]
            .filter(Boolean)
            .join(' · ') || null,
        tone: 'purple',
      };
    }
    case 'assigned': {
      // Staff answers only (docs/decisions/087-assignment.md).
      const nameOf = (p: unknown) =>
        p && typeof p === 'object' && typeof (p as { name?: unknown }).name === 'string'
          ? (p as { name: string }).name
          : null;
      const to = nameOf(d.to);
      const from = nameOf(d.from);
      return {
        title: to ? `Assigned to ${to}` : from ? `Unassigned from ${from}` : 'Unassigned',
        meta:
          [by ?? (d.how === 'automatic' ? 'automatically' : null), to && from ? `was ${from}` : null]
            .filter(Boolean)
            .join(' · ') || null,
        tone: 'neutral',
      };
    }
    // Counter-offers (docs/decisions/091-counter-offers.md).
    case 'counter_offer_proposed':
      return {
        title: `Different plan proposed: ${planText(d)}`,
        meta: [by, priceDifferenceLabel(Number(d.priceDifference) || 0)].filter(Boolean).join(' · ') || null,
        tone: 'neutral',
      };
    case 'counter_offer_accepted': {
      const to = (d.to ?? {}) as Record<string, unknown>;
      return {
        title: `Proposed plan accepted: ${planText(to)}`,
        meta:
          [by, to.creditsNeed !== undefined ? `price ${credits(to.creditsNeed)}` : null]
            .filter(Boolean)
            .join(' · ') || null,
        tone: 'green',
      };
    }
    case 'counter_offer_declined':
      return { title: `Proposed plan declined: ${planText(d)}`, meta: by, tone: 'neutral' };
    default: {
      const words = event.kind.replace(/[_-]+/g, ' ').trim();
      return {
        title: words ? words[0]!.toUpperCase() + words.slice(1) : 'Update',
        meta: by,
        tone: 'neutral',
      };
    }
  }
}

function tookSecondsOf(detail: Record<string, unknown>): number | null {
  const n = Number(detail.tookSeconds);
  return detail.tookSeconds !== undefined && detail.tookSeconds !== null && Number.isFinite(n) && n >= 0
    ? Math.round(n)
    : null;
}

/** How long an automatic delivery took from the upload: '12 s', '3 min', '2 h 5 min'. */
export function formatTook(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A ticket delivered from the solution library (docs/decisions/085-solution-library.md). */
export interface AutoDelivery {
  tookSeconds: number | null;
  /** Set when the patch leaves the checksum to the flashing tool. */
  checksumNote: string | null;
}

/** The automatic delivery in a ticket's history (its latest), or null when an engineer delivered it. */
export function autoDeliveryOf(
  history: readonly { kind: string; detail: Record<string, unknown> }[] | undefined,
): AutoDelivery | null {
  const event = history?.findLast((e) => e.kind === 'auto_delivered');
  if (!event) return null;
  const d = event.detail ?? {};
  return {
    tookSeconds: tookSecondsOf(d),
    checksumNote: typeof d.checksumNote === 'string' && d.checksumNote ? d.checksumNote : null,
  };
}
