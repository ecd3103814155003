import { findOption } from './options';
import { STAGES_WITH_FREE_SOLUTIONS, STAGES_WITHOUT_OPTIONS, type Stage, TWO_CREDIT_MAKES } from './stages';

export const SLAVE_WINDOW_DAYS = 21;

export interface QuoteLine {
  label: string;
  credits: number;
}

export interface TicketQuote {
  lines: QuoteLine[];
  total: number;
}

export interface TicketQuoteInput {
  make: string;
  stage: string;
  options: readonly string[];
  masterSlave: string;
  /** When the same user's earlier tickets for this registration were created (any order). */
  earlierTicketsForRegistration?: readonly (Date | string)[];
  now?: Date;
}

/** True when one of the dates lies within the last 21 days before `now`. */
export function withinSlaveWindow(dates: readonly (Date | string)[], now: Date): boolean {
  const from = now.getTime() - SLAVE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  return dates.some((d) => {
    const t = new Date(d).getTime();
    return t >= from && t <= now.getTime();
  });
}

export function isTwoCreditMake(make: string): boolean {
  const m = make.trim().toLowerCase();
  return TWO_CREDIT_MAKES.some((x) => x.toLowerCase() === m);
}

/**
 * The credits a ticket costs (docs/product.md#7-ticket-price), line by line: what the Overview shows
 * and what the server stores. Base 2 for the Alfa Romeo / Aston Martin / BMW / MINI families, else 1.
 * A surcharged option always costs its surcharge. The 18 free solutions cost 0 with Stage 1
 * or Stage 2, else 1. Other options 1. A Slave's further solution (same registration within
 * 21 days) makes the options without a surcharge free. Gear Box, Original File and ECU
 * Cloning take no options.
 */
export function quoteTicket(input: TicketQuoteInput): TicketQuote {
  const lines: QuoteLine[] = [];
  const base = isTwoCreditMake(input.make) ? 2 : 1;
  lines.push({ label: base === 2 ? `Base (${input.make.trim()} ECU family)` : 'Base', credits: base });

  const stage = input.stage as Stage;
  const takesOptions = !STAGES_WITHOUT_OPTIONS.includes(stage);
  const freeStage = STAGES_WITH_FREE_SOLUTIONS.includes(stage);
  const slaveFurther =
    input.masterSlave === 'Slave' &&
    withinSlaveWindow(input.earlierTicketsForRegistration ?? [], input.now ?? new Date());

  if (takesOptions) {
    for (const name of new Set(input.options)) {
      const option = findOption(name);
      let credits: number;
      let note = '';
      if (option?.surcharge) {
        credits = option.surcharge;
      } else if (slaveFurther) {
        credits = 0;
        note = ' (free further solution)';
      } else if (option?.freeWithStage && freeStage) {
        credits = 0;
        note = ` (free with ${stage})`;
      } else {
        credits = 1;
      }
      lines.push({ label: `${name}${note}`, credits });
    }
  }
  return { lines, total: lines.reduce((sum, l) => sum + l.credits, 0) };
}
