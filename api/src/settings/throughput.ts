import { serviceStatus, type WorkingHours } from '@ecu/shared';

/** A span of time as epoch milliseconds, start before end. */
export type Span = [start: number, end: number];

/** Guards the walk below against a schedule that would never advance. */
const MAX_PERIODS = 10_000;

/**
 * The open periods that overlap [from, to), clipped to it, in order. Walks the schedule with
 * serviceStatus (closesAt, then nextOpeningAt): a couple of calls per open period, however many
 * spans are measured against them.
 */
export function openPeriodsBetween(hours: WorkingHours, from: number, to: number): Span[] {
  const periods: Span[] = [];
  let t = from;
  while (t < to && periods.length < MAX_PERIODS) {
    const status = serviceStatus(hours, new Date(t));
    if (status.open) {
      const end = status.closesAt ? Date.parse(status.closesAt) : Number.POSITIVE_INFINITY;
      periods.push([t, Math.min(end, to)]);
      t = end;
    } else {
      if (!status.nextOpeningAt) break;
      t = Date.parse(status.nextOpeningAt);
    }
  }
  return periods;
}

/** Open minutes inside spans that are sorted and do not overlap, in one sweep. */
export function openMinutesWithin(hours: WorkingHours, spans: Span[]): number {
  if (spans.length === 0) return 0;
  const periods = openPeriodsBetween(hours, spans[0]![0], spans.at(-1)![1]);
  let total = 0;
  let p = 0;
  for (const [start, end] of spans) {
    while (p < periods.length && periods[p]![1] <= start) p++;
    for (let q = p; q < periods.length && periods[q]![0] < end; q++) {
      total += Math.min(end, periods[q]![1]) - Math.max(start, periods[q]![0]);
    }
  }
  return total / 60_000;
}

export interface Finish {
  finishedAt: Date;
  /** When the file's ticket arrived. */
  arrivedAt: Date;
}

/**
 * Open minutes per finished file. Each finish is charged the open time from when work on it
 * could start (the later of its arrival and the previous finish, or `since` for the first) to the
 * finish: the service time of a one-desk queue, so time with an empty queue is not counted and
 * queueLength x minutesPerFile does not count waiting twice. The result is the MEAN of these
 * (the open time spent busy over the files finished, i.e. the desk's throughput), not the
 * median, which drops to ~0 as soon as an admin marks a batch of files finished within a minute.
 * null without finishes. `finishes` are oldest first; with `truncated`, the first one only marks
 * when the next could start.
 */
export function minutesPerFinishedFile(
  hours: WorkingHours,
  finishes: Finish[],
  since: Date,
  truncated: boolean,
): number | null {
  const busy: Span[] = [];
  let measured = 0;
  for (let i = truncated ? 1 : 0; i < finishes.length; i++) {
    const { finishedAt, arrivedAt } = finishes[i]!;
    const previous = i > 0 ? finishes[i - 1]!.finishedAt : since;
    const start = Math.max(previous.getTime(), arrivedAt.getTime());
    const end = finishedAt.getTime();
    measured++;
    if (end <= start) continue;
    const last = busy.at(-1);
    // Consecutive spans share their ends (the previous finish starts the next): merge them.
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else busy.push([start, end]);
  }
  return measured === 0 ? null : openMinutesWithin(hours, busy) / measured;
}
