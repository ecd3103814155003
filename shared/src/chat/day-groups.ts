const dayFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric' });

/** The en-GB day heading of a chat group ('05 March 2025'), in the viewer's time zone. */
export function chatDayLabel(time: number, timeZone?: string): string {
  if (!timeZone) return dayFormat.format(new Date(time));
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(new Date(time));
}

export interface DayGroup<T> {
  day: string;
  items: { item: T; index: number }[];
}

/** Consecutive messages of the same day under one heading; indexes are kept for the unread marker. */
export function groupByDay<T extends { time: number }>(
  items: readonly T[],
  timeZone?: string,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  items.forEach((item, index) => {
    const day = chatDayLabel(item.time, timeZone);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push({ item, index });
    else groups.push({ day, items: [{ item, index }] });
  });
  return groups;
}
