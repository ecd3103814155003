import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

export const INBOX_PREVIEW_LENGTH = 90;

/** The badge's figure: the count up to 99, then '99+'; nothing for none. */
export function badgeText(count: number | undefined): string | null {
  if (!count || count <= 0 || !Number.isFinite(count)) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** What a screen reader hears for the badge. */
export function badgeSpoken(count: number, i18n: I18n): string {
  return i18n._(msg`${plural(count, { one: '# ticket waiting', other: '# tickets waiting' })}`);
}

export function customerName(row: Pick<ChatInboxRow, 'customer'>): string {
  return `${row.customer.firstName ?? ''} ${row.customer.lastName ?? ''}`.trim();
}

/** The last message on one line, cut with an ellipsis past INBOX_PREVIEW_LENGTH characters. */
export function previewText(text: string, limit = INBOX_PREVIEW_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= limit) return line;
  return `${chars.slice(0, limit).join('').trimEnd()}…`;
}

export function unreadText(n: number, i18n: I18n): string {
  return i18n._(msg`${plural(n, { one: '# message', other: '# messages' })}`);
}
