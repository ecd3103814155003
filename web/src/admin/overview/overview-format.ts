/** Texts of the Overview that are worth testing on their own. */

/** How long a file has waited: '12 min', '5 h 20 min', '3 d 4 h' (minutes dropped past a day). */
export function formatWaited(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 1) return 'under 1 min';
  const total = Math.floor(minutes);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

/** The spoken form of formatWaited, for screen readers: '3 days 4 hours'. */
export function spokenWaited(minutes: number): string {
  return formatWaited(minutes)
    .replace(/(\d+) d\b/, (_, n) => `${n} ${n === '1' ? 'day' : 'days'}`)
    .replace(/(\d+) h\b/, (_, n) => `${n} ${n === '1' ? 'hour' : 'hours'}`)
    .replace(/(\d+) min\b/, (_, n) => `${n} ${n === '1' ? 'minute' : 'minutes'}`);
}

export function countText(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The share of a period's deliveries the solution library made automatically: the figure
 * ('25%', or '–' when nothing was delivered) and what it counts.
 */
export function automaticShare(delivered: number, automatic: number): { value: string; note: string } {
  if (delivered <= 0) return { value: '–', note: 'No files delivered' };
  const shown = Math.min(Math.max(automatic, 0), delivered);
  const note = `${shown} of ${countText(delivered, 'file', 'files')} delivered`;
  return { value: `${Math.round((shown / delivered) * 100)}%`, note };
}

/**
 * A chart's accessible name: what it shows, over which days, the total and the highest bar; the
 * table next to it has every value.
 */
export function chartSummary({
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
}): string {
  const total = values.reduce((s, v) => s + v, 0);
  let top = -1;
  values.forEach((v, i) => {
    if (top < 0 || v > (values[top] ?? 0)) top = i;
  });
  const highest =
    top >= 0 && (values[top] ?? 0) > 0 ? `, highest ${format(values[top] ?? 0)} (${labels[top]})` : '';
  return `Bar chart of ${title.toLowerCase()}, ${range}: total ${format(total)}${highest}.`;
}
