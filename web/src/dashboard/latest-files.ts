import { bannerFor, type TicketView } from '../tickets';

/** How many tickets the dashboard's Latest files card lists. */
export const LATEST_FILES_COUNT = 5;

export type LatestFileFields = Pick<TicketView, 'ticketNumber' | 'createdAt' | 'status' | 'ecuTunedFile'>;

/**
 * A tuned file the customer can take now: Unlocked with a tuned file, the same rule as the
 * ticket page's Download button (docs/product.md#8-downloads-and-unlocking). Completed alone is
 * not it: its file is not available yet.
 */
export function isReadyToDownload(ticket: Pick<TicketView, 'status' | 'ecuTunedFile'>): boolean {
  return bannerFor(ticket).action === 'download';
}

/** The dashboard's pick: ready-to-download tickets first, then newest (ticket number breaks ties). */
export function latestFiles<T extends LatestFileFields>(
  tickets: readonly T[],
  count = LATEST_FILES_COUNT,
): T[] {
  return [...tickets]
    .sort(
      (a, b) =>
        Number(isReadyToDownload(b)) - Number(isReadyToDownload(a)) ||
        String(b.createdAt).localeCompare(String(a.createdAt)) ||
        Number(b.ticketNumber) - Number(a.ticketNumber),
    )
    .slice(0, count);
}
