import type { CreditHistoryEntryDto } from '@ecu/shared';

/** How the Credits column reads a change: '+5', '-4', '0'. */
export function signedCredits(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** 'up' / 'down' / 'none': the colour of the change. */
export function creditDirection(amount: number): 'up' | 'down' | 'none' {
  return amount > 0 ? 'up' : amount < 0 ? 'down' : 'none';
}

/**
 * The loaded pages as one list, newest first. A page fetched again after new entries arrived
 * may repeat an entry of the page before it: each entry shows once, where it first appeared.
 */
export function historyRows(
  pages: readonly { data: readonly CreditHistoryEntryDto[] }[],
): CreditHistoryEntryDto[] {
  const seen = new Set<number>();
  const rows: CreditHistoryEntryDto[] = [];
  for (const page of pages) {
    for (const entry of page.data) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      rows.push(entry);
    }
  }
  return rows;
}
