/**
 * Statuses in which a ticket is still in the desk's queue: not delivered (Completed, Unlocked)
 * and not given up (Failed).
 */
export const OPEN_TICKET_STATUSES: readonly string[] = ['Pending', 'In Progress'];

export function isOpenTicket(status: string): boolean {
  return OPEN_TICKET_STATUSES.includes(status);
}

/**
 * One open revision per parent (docs/decisions/040-revisions.md): a change may be requested on
 * a ticket only when none of its revisions is still open. Returns the revision in the way,
 * or null when a new one may be requested.
 */
export function openRevisionOf<T extends { status: string }>(revisions: readonly T[]): T | null {
  return revisions.find((r) => isOpenTicket(r.status)) ?? null;
}

/** How many changes one account may request per window: each queues a ticket for the desk. */
export const REQUEST_CHANGE_RATE = { limit: 10, windowSeconds: 3600 } as const;
