import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n as shownI18n } from '../../i18n';

/** A credit adjustment on a user's page says why; the reason is stored in the ledger as its note. */
export const REASON_MAX = 500;
export const REASON_REQUIRED_TEXT = msg`Please give a reason`;
export const REASON_TOO_LONG_TEXT = msg`Keep the reason to ${REASON_MAX} characters`;

/** The reason field's error, or null when the reason can go with the adjustment. */
export function creditReasonError(text: string, i18n: I18n = shownI18n): string | null {
  const reason = text.trim();
  if (!reason) return i18n._(REASON_REQUIRED_TEXT);
  if (reason.length > REASON_MAX) return i18n._(REASON_TOO_LONG_TEXT);
  return null;
}
