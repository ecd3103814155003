/** How the desk writes an overdue time: open minutes past the threshold (docs/decisions/090-escalation.md). */

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** '45 min', '2 h', '2 h 5 min'. */
export function overdueShort(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** The same in words for screen readers: '2 hours 5 minutes'. */
export function overdueSpoken(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return plural(rest, 'minute');
  return rest === 0 ? plural(h, 'hour') : `${plural(h, 'hour')} ${plural(rest, 'minute')}`;
}
