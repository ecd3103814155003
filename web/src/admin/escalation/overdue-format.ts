/** How the desk writes an overdue time: open minutes past the threshold (docs/decisions/090-escalation.md). */

import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** '45 min', '2 h', '2 h 5 min'. */
export function overdueShort(minutes: number, i18n: I18n): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return i18n._(msg`${m} min`);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest === 0 ? i18n._(msg`${h} h`) : i18n._(msg`${h} h ${rest} min`);
}

// The counts are written as they are ('1000 hours', not '1,000'), in every language.
const hoursSpoken = (i18n: I18n, n: number, count = String(n)) =>
  i18n._(msg`${plural(n, { one: `${count} hour`, other: `${count} hours` })}`);
const minutesSpoken = (i18n: I18n, n: number, count = String(n)) =>
  i18n._(msg`${plural(n, { one: `${count} minute`, other: `${count} minutes` })}`);

/** The same in words for screen readers: '2 hours 5 minutes'. */
export function overdueSpoken(minutes: number, i18n: I18n): string {
  const m = Math.max(0, Math.floor(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return minutesSpoken(i18n, rest);
  return rest === 0 ? hoursSpoken(i18n, h) : `${hoursSpoken(i18n, h)} ${minutesSpoken(i18n, rest)}`;
}
