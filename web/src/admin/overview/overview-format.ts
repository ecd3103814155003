import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { i18n as shownI18n } from '../../i18n';

/**
 * Texts of the Overview that are worth testing on their own, in the language of `i18n` (the
 * shown one unless given).
 */

function parts(minutes: number): { days: number; hours: number; mins: number } | null {
  if (!Number.isFinite(minutes) || minutes < 1) return null;
  const total = Math.floor(minutes);
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), mins: total % 60 };
}

/** How long a file has waited: '12 min', '5 h 20 min', '3 d 4 h' (minutes dropped past a day). */
export function formatWaited(minutes: number, i18n: I18n = shownI18n): string {
  const p = parts(minutes);
  if (!p) return i18n._(msg`under 1 min`);
  const { days, hours, mins } = p;
  if (days > 0) return hours > 0 ? i18n._(msg`${days} d ${hours} h`) : i18n._(msg`${days} d`);
  if (hours > 0) return mins > 0 ? i18n._(msg`${hours} h ${mins} min`) : i18n._(msg`${hours} h`);
  return i18n._(msg`${mins} min`);
}

/** The spoken form of formatWaited, for screen readers: '3 days 4 hours'. */
export function spokenWaited(minutes: number, i18n: I18n = shownI18n): string {
  const p = parts(minutes);
  if (!p) return i18n._(msg`under 1 minute`);
  const { days, hours, mins } = p;
  const dayText = i18n._(msg`${plural(days, { one: '# day', other: '# days' })}`);
  const hourText = i18n._(msg`${plural(hours, { one: '# hour', other: '# hours' })}`);
  const minText = i18n._(msg`${plural(mins, { one: '# minute', other: '# minutes' })}`);
  if (days > 0) return hours > 0 ? `${dayText} ${hourText}` : dayText;
  if (hours > 0) return mins > 0 ? `${hourText} ${minText}` : hourText;
  return minText;
}

export function countText(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The share of a period's deliveries the solution library made automatically: the figure
 * ('25%', or '–' when nothing was delivered) and what it counts.
 */
export function automaticShare(
  delivered: number,
  automatic: number,
  i18n: I18n = shownI18n,
): { value: string; note: string } {
  if (delivered <= 0) return { value: '–', note: i18n._(msg`No files delivered`) };
  const shown = Math.min(Math.max(automatic, 0), delivered);
  const note = i18n._(
    msg`${plural(delivered, { one: `${shown} of # file delivered`, other: `${shown} of # files delivered` })}`,
  );
  return { value: `${Math.round((shown / delivered) * 100)}%`, note };
}

/**
 * A chart's accessible name: what it shows, over which days, the total and the highest bar; the
 * table next to it has every value. `title` is the chart's name as it reads inside a sentence
 * ('files per day').
 */
export function chartSummary(
  {
    title,
    range,
    labels,
    values,
    format,
  }: {
    title: string;
    range: string;
    labels: string[];
    values: number[];
    format: (n: number) => string;
  },
  i18n: I18n = shownI18n,
): string {
  const total = format(values.reduce((s, v) => s + v, 0));
  let top = -1;
  values.forEach((v, i) => {
    if (top < 0 || v > (values[top] ?? 0)) top = i;
  });
  // German nouns keep their capital; the other languages read the name in lower case.
  const chart = i18n.locale === 'de' ? title : title.toLowerCase();
  if (top >= 0 && (values[top] ?? 0) > 0) {
    const highest = format(values[top] ?? 0);
    const label = labels[top] ?? '';
    return i18n._(msg`Bar chart of ${chart}, ${range}: total ${total}, highest ${highest} (${label}).`);
  }
  return i18n._(msg`Bar chart of ${chart}, ${range}: total ${total}.`);
}
