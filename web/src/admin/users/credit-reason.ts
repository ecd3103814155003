/** A credit adjustment on a user's page says why; the reason is stored in the ledger as its note. */
export const REASON_MAX = 500;
export const REASON_REQUIRED_TEXT = 'Please give a reason';
export const REASON_TOO_LONG_TEXT = `Keep the reason to ${REASON_MAX} characters`;

/** The reason field's error, or null when the reason can go with the adjustment. */
export function creditReasonError(text: string): string | null {
  const reason = text.trim();
  if (!reason) return REASON_REQUIRED_TEXT;
  if (reason.length > REASON_MAX) return REASON_TOO_LONG_TEXT;
  return null;
}
