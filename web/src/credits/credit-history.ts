import type { CreditHistoryEntryDto } from '@ecu/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

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

/**
 * An entry's reason in the shown language. The server words it in English (shared's
 * creditReason); a wording this page knows is said again in the shown language, any other
 * (older entries, new kinds) is shown as the server sent it.
 */
export function creditReasonText(i18n: I18n, entry: Pick<CreditHistoryEntryDto, 'reason'>): string {
  const { reason } = entry;
  const bought = /^Credits bought \(order (.+)\)$/.exec(reason);
  if (bought) {
    const orderNo = bought[1] ?? '';
    return i18n._(msg`Credits bought (order ${orderNo})`);
  }
  // Ticket numbers stay as written ('#100123'), never as a number of the language.
  const download = /^Download of ticket #(\d+)$/.exec(reason);
  if (download) {
    const ticketNumber = download[1] ?? '';
    return i18n._(msg`Download of ticket #${ticketNumber}`);
  }
  const refund = /^Refund of ticket #(\d+)$/.exec(reason);
  if (refund) {
    const ticketNumber = refund[1] ?? '';
    return i18n._(msg`Refund of ticket #${ticketNumber}`);
  }
  const fixed = FIXED_REASONS[reason];
  return fixed ? i18n._(fixed) : reason;
}

const FIXED_REASONS: Readonly<Record<string, MessageDescriptor>> = {
  'Credits bought': msg`Credits bought`,
  'Download of a tuned file': msg`Download of a tuned file`,
  Refund: msg`Refund`,
  'Adjusted by support': msg`Adjusted by support`,
  'Balance reset by support': msg`Balance reset by support`,
  'Balance change': msg`Balance change`,
};
