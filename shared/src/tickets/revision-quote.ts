import { type QuoteLine, quoteTicket, type TicketQuote, withinSlaveWindow } from './quote';

/** What a late rework costs on top of the quote (docs/product.md#6-credits-and-payments, the terms). */
export const LATE_REWORK_CREDITS = 1;
export const LATE_REWORK_LABEL = 'Rework after 21 days';

/** Statuses in which a ticket with a tuned file counts as delivered. */
export const DELIVERED_STATUSES: readonly string[] = ['Completed', 'Unlocked'];

/** A ticket is delivered, and so can be revised, when it has a tuned file and is Completed or Unlocked. */
export function isDelivered(ticket: { status: string; hasTunedFile: boolean }): boolean {
  return ticket.hasTunedFile && DELIVERED_STATUSES.includes(ticket.status);
}

/** True when a rework of a ticket created then costs the late-rework credit (day 21 included is not late). */
export function isLateRework(parentCreatedAt: Date | string, now: Date = new Date()): boolean {
  return !withinSlaveWindow([parentCreatedAt], now);
}

export interface RevisionQuoteInput {
  /** The delivered ticket being revised: its make sets the base, its creation the 21-day window. */
  parent: { make: string; createdAt: Date | string };
  stage: string;
  options: readonly string[];
  masterSlave: string;
  now?: Date;
}

/**
 * The price of a revision ('Request a change', docs/decisions/040-revisions.md): quoteTicket on
 * the new plan with the parent as the earlier ticket for the registration, so a Slave revision
 * within 21 days of the parent gets its options without a surcharge free; a parent created more
 * than 21 days ago adds the late-rework line. Same shape as quoteTicket (lines + total).
 */
export function quoteRevision(input: RevisionQuoteInput): TicketQuote {
  const now = input.now ?? new Date();
  const quote = quoteTicket({
    make: input.parent.make,
    stage: input.stage,
    options: input.options,
    masterSlave: input.masterSlave,
    earlierTicketsForRegistration: [input.parent.createdAt],
    now,
  });
  if (!isLateRework(input.parent.createdAt, now)) return quote;
  const lines: QuoteLine[] = [...quote.lines, { label: LATE_REWORK_LABEL, credits: LATE_REWORK_CREDITS }];
  return { lines, total: quote.total + LATE_REWORK_CREDITS };
}
