import { formatCredits, TICKET_STATUSES, type TicketStatus } from '@ecu/shared';
import { i18n as currentI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { domainName, formatLocale } from '../../i18n';
import { priceDifferenceText } from './texts';

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

/**
 * The customer's banner per status (docs/product.md#5-tickets): the spec's English texts as
 * messages, shown in the reader's language with `i18n._()`.
 */
export const BANNER_TEXT: Record<TicketStatus, MessageDescriptor> = {
  Pending: msg`Your file request is pending and will be processed soon.`,
  'In Progress': msg`Your file is currently being tuned.`,
  Completed: msg`File tuning has been completed successfully. Wait for the file to be available.`,
  Failed: msg`Something went wrong while tuning the file. Please check again later.`,
  Unlocked: msg`Click below to download your tuned file.`,
};

export interface Banner {
  status: TicketStatus;
  tone: StatusTone;
  text: string;
  /** Unlocked only: 'download' with a tuned file, 'unavailable' (a disabled 'File not available') without. */
  action: 'download' | 'unavailable' | null;
}

/** `i18n`: the language of the text (the current one unless given). */
export function bannerFor(
  ticket: { status?: unknown; ecuTunedFile?: unknown },
  i18n: I18n = currentI18n,
): Banner {
  const status = ticketStatus(ticket.status);
  return {
    status,
    tone: STATUS_TONE[status],
    text: i18n._(BANNER_TEXT[status]),
    action: status === 'Unlocked' ? (ticket.ecuTunedFile ? 'download' : 'unavailable') : null,
  };
}

/**
 * What the Download button says after asking the server (docs/product.md#8-downloads-and-unlocking),
 * as messages for `i18n._()`.
 */
export const DOWNLOAD_MESSAGES = {
  missingTicket: msg`Ticket number missing!`,
  started: msg`Download started...`,
  notEligible: msg`You are not eligible to download this file`,
  failed: msg`Failed to check download eligibility`,
} as const satisfies Record<string, MessageDescriptor>;

/** The desk's messages, read in the current language when used (English as the spec has them). */
export const ADMIN_MESSAGES = {
  get statusFailed(): string {
    return currentI18n._(msg`Failed to update file status`);
  },
  get noTunedFile(): string {
    return currentI18n._(msg`Please select a tuned file`);
  },
  get tunedFailed(): string {
    return currentI18n._(msg`Failed to upload tuned file`);
  },
  get listFailed(): string {
    return currentI18n._(msg`Failed to load ECU Files`);
  },
};

export interface HistoryLine {
  title: string;
  /** Who did it and any figures, e.g. 'by Jane Admin (admin)'. */
  meta: string | null;
  tone: StatusTone | 'neutral';
}

/** 'Stage 2: EGR OFF, DTC OFF' from an event's stage and options. */
function planText(i18n: I18n, d: Record<string, unknown>): string {
  const options = Array.isArray(d.options) ? d.options.filter((o) => typeof o === 'string') : [];
  const stage = typeof d.stage === 'string' ? domainName(i18n, d.stage) : i18n._(msg`N/A`);
  return options.length ? `${stage}: ${options.join(', ')}` : stage;
}

function credits(i18n: I18n, value: unknown): string {
  const n = Number(value);
  return formatCredits(Number.isFinite(n) ? n : 0, formatLocale(i18n));
}

/**
 * One history event (api/src/tickets: created, status_changed, file_uploaded, charged, refunded,
 * assigned, dtc_code), in the language of `i18n` (the current one unless given).
 */
export function historyLine(
  event: { kind: string; by: string | null; detail: Record<string, unknown> },
  formatSize: (bytes: number) => string = (b) => `${b} B`,
  i18n: I18n = currentI18n,
): HistoryLine {
  const who = event.by;
  const by = who ? i18n._(msg`by ${who}`) : null;
  const d = event.detail ?? {};
  const priceOf = (value: unknown) => {
    const price = credits(i18n, value);
    return i18n._(msg`price ${price}`);
  };
  switch (event.kind) {
    case 'created':
      return {
        title: i18n._(msg`Ticket submitted`),
        meta:
          [by, d.creditsNeed !== undefined ? priceOf(d.creditsNeed) : null].filter(Boolean).join(' · ') ||
          null,
        tone: 'neutral',
      };
    case 'status_changed': {
      const toStatus = ticketStatus(d.to);
      const to = domainName(i18n, toStatus);
      const from = d.from === undefined ? null : domainName(i18n, ticketStatus(d.from));
      return {
        title: from ? i18n._(msg`Status changed from ${from} to ${to}`) : i18n._(msg`Status set to ${to}`),
        meta: by,
        tone: STATUS_TONE[toStatus],
      };
    }
    case 'file_uploaded': {
      const size = Number(d.size);
      const name = typeof d.name === 'string' ? d.name : '';
      return {
        title: uploadedTitle(i18n, String(d.kind), name),
        meta:
          [by, Number.isFinite(size) && size > 0 ? formatSize(size) : null].filter(Boolean).join(' · ') ||
          null,
        tone: d.kind === 'tuned' ? 'purple' : 'neutral',
      };
    }
    case 'dtc_code': {
      const code = String(d.code);
      return {
        title: d.removed
          ? i18n._(msg`Fault code ${code} removed`)
          : i18n._(msg`Fault code ${code} to remove again`),
        meta: by,
        tone: d.removed ? 'green' : 'neutral',
      };
    }
    case 'charged': {
      const amount = credits(i18n, d.credits);
      return { title: i18n._(msg`Charged ${amount} for the tuned file`), meta: by, tone: 'neutral' };
    }
    case 'refunded': {
      const amount = credits(i18n, d.credits);
      return { title: i18n._(msg`Refunded ${amount}`), meta: by, tone: 'green' };
    }
    case 'auto_delivered': {
      const took = tookSecondsOf(d);
      const duration = took === null ? '' : formatTook(took, i18n);
      return {
        title: typeof d.message === 'string' && d.message ? d.message : i18n._(msg`Delivered automatically`),
        meta:
          [
            took === null ? null : i18n._(msg`in ${duration}`),
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
        title: to
          ? i18n._(msg`Assigned to ${to}`)
          : from
            ? i18n._(msg`Unassigned from ${from}`)
            : i18n._(msg`Unassigned`),
        meta:
          [
            by ?? (d.how === 'automatic' ? i18n._(msg`automatically`) : null),
            to && from ? i18n._(msg`was ${from}`) : null,
          ]
            .filter(Boolean)
            .join(' · ') || null,
        tone: 'neutral',
      };
    }
    // Counter-offers (docs/decisions/091-counter-offers.md).
    case 'counter_offer_proposed': {
      const plan = planText(i18n, d);
      return {
        title: i18n._(msg`Different plan proposed: ${plan}`),
        meta:
          [by, priceDifferenceText(i18n, Number(d.priceDifference) || 0)].filter(Boolean).join(' · ') || null,
        tone: 'neutral',
      };
    }
    case 'counter_offer_accepted': {
      const to = (d.to ?? {}) as Record<string, unknown>;
      const plan = planText(i18n, to);
      return {
        title: i18n._(msg`Proposed plan accepted: ${plan}`),
        meta:
          [by, to.creditsNeed !== undefined ? priceOf(to.creditsNeed) : null].filter(Boolean).join(' · ') ||
          null,
        tone: 'green',
      };
    }
    case 'counter_offer_declined': {
      const plan = planText(i18n, d);
      return { title: i18n._(msg`Proposed plan declined: ${plan}`), meta: by, tone: 'neutral' };
    }
    default: {
      // An event this screen does not know yet: its kind, as words.
      const words = event.kind.replace(/[_-]+/g, ' ').trim();
      return {
        title: words ? words[0]!.toUpperCase() + words.slice(1) : i18n._(msg`Update`),
        meta: by,
        tone: 'neutral',
      };
    }
  }
}

/** 'ECU file uploaded: a.bin' (one message per kind: the words around the kind differ by language). */
function uploadedTitle(i18n: I18n, kind: string, name: string): string {
  switch (kind) {
    case 'ecu':
      return name ? i18n._(msg`ECU file uploaded: ${name}`) : i18n._(msg`ECU file uploaded`);
    case 'common':
      return name ? i18n._(msg`Additional file uploaded: ${name}`) : i18n._(msg`Additional file uploaded`);
    case 'tuned':
      return name ? i18n._(msg`Tuned file uploaded: ${name}`) : i18n._(msg`Tuned file uploaded`);
    default:
      return name ? i18n._(msg`File uploaded: ${name}`) : i18n._(msg`File uploaded`);
  }
}

function tookSecondsOf(detail: Record<string, unknown>): number | null {
  const n = Number(detail.tookSeconds);
  return detail.tookSeconds !== undefined && detail.tookSeconds !== null && Number.isFinite(n) && n >= 0
    ? Math.round(n)
    : null;
}

/** How long an automatic delivery took from the upload: '12 s', '3 min', '2 h 5 min'. */
export function formatTook(seconds: number, i18n: I18n = currentI18n): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return i18n._(msg`${s} s`);
  const minutes = Math.round(s / 60);
  if (minutes < 60) return i18n._(msg`${minutes} min`);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? i18n._(msg`${h} h`) : i18n._(msg`${h} h ${m} min`);
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
