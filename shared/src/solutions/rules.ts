/**
 * The patch rules of the solution library (docs/decisions/085-solution-library.md): a solution
 * is a list of byte ranges of one software version, each with the original bytes and the new
 * ones. Pure functions over byte arrays, used by the server (and any client that wants to
 * explain a match).
 */

/** One changed stretch of a file: at `offset`, `original` becomes `patched` (same length). */
export interface PatchRange {
  offset: number;
  original: Uint8Array;
  patched: Uint8Array;
}

/** A half-open stretch [start, end) of byte offsets. */
export interface ByteRun {
  start: number;
  end: number;
}

/**
 * Changed stretches this close (at most this many unchanged bytes between them) become one
 * range, the unchanged bytes included: a map cell of 16-bit values where only some bytes
 * changed stays one range, and a read must then also equal those few bytes to match, which is
 * what an engineer expects of a map (the neighbours of a changed value are the same map).
 */
export const MERGE_GAP = 16;

/** The stretches where the two buffers differ, in order (they must be the same length). */
export function changedRuns(a: Uint8Array, b: Uint8Array): ByteRun[] {
  const runs: ByteRun[] = [];
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n) {
    if (a[i] === b[i]) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && a[i] !== b[i]) i++;
    runs.push({ start, end: i });
  }
  return runs;
}

/** Runs in order merged when at most `gap` bytes lie between them. */
export function mergeRuns(runs: readonly ByteRun[], gap = MERGE_GAP): ByteRun[] {
  const sorted = [...runs].sort((x, y) => x.start - y.start);
  const out: ByteRun[] = [];
  for (const run of sorted) {
    const last = out.at(-1);
    if (last && run.start - last.end <= gap) last.end = Math.max(last.end, run.end);
    else out.push({ ...run });
  }
  return out;
}

export type DiffRefusal = 'size-differs' | 'nothing-changed' | 'empty-file';

export type DiffResult =
  | { ok: true; ranges: PatchRange[]; bytesChanged: number }
  | { ok: false; reason: DiffRefusal; message: string };

/**
 * The ranges that turn `original` into `tuned`, neighbouring changes merged (MERGE_GAP).
 * Refused when the files differ in size (a patch by offset means nothing then), are empty, or
 * are equal (nothing to reuse).
 */
export function diffRanges(original: Uint8Array, tuned: Uint8Array, gap = MERGE_GAP): DiffResult {
  if (original.length !== tuned.length)
    return {
      ok: false,
      reason: 'size-differs',
      message: `The tuned file is ${tuned.length} bytes and the original ${original.length}: a solution needs files of the same size.`,
    };
  if (original.length === 0) return { ok: false, reason: 'empty-file', message: 'The files are empty.' };
  const changed = changedRuns(original, tuned);
  if (changed.length === 0)
    return {
      ok: false,
      reason: 'nothing-changed',
      message: 'The tuned file is the same as the original: nothing changed.',
    };
  const bytesChanged = changed.reduce((sum, r) => sum + r.end - r.start, 0);
  const ranges = mergeRuns(changed, gap).map((r) => ({
    offset: r.start,
    original: original.slice(r.start, r.end),
    patched: tuned.slice(r.start, r.end),
  }));
  return { ok: true, ranges, bytesChanged };
}

export type CheckResult =
  | { match: true }
  | { match: false; reason: 'size-differs'; message: string }
  | { match: false; reason: 'range-differs'; offset: number; message: string };

/** '0x1C4A20': offsets as engineers write them. */
export function hexOffset(offset: number): string {
  return `0x${offset.toString(16).toUpperCase()}`;
}

/**
 * Does the read hold the solution's original bytes at every range? Bytes outside the ranges
 * (VIN, immobiliser, adaptations) do not matter. `fileSize`: the size of the read the solution
 * was made from; a read of another size is another software layout.
 */
export function checkRead(
  read: Uint8Array,
  solution: { fileSize: number; ranges: readonly PatchRange[] },
): CheckResult {
  if (read.length !== solution.fileSize)
    return {
      match: false,
      reason: 'size-differs',
      message: `the read is ${read.length} bytes, the solution's ${solution.fileSize}`,
    };
  for (const range of solution.ranges) {
    const end = range.offset + range.original.length;
    let same = end <= read.length;
    for (let i = 0; same && i < range.original.length; i++)
      same = read[range.offset + i] === range.original[i];
    if (!same)
      return {
        match: false,
        reason: 'range-differs',
        offset: range.offset,
        message: `range at ${hexOffset(range.offset)} differs`,
      };
  }
  return { match: true };
}

/** A copy of the read with every range's new bytes written; the caller checked the read first. */
export function applyRanges(read: Uint8Array, ranges: readonly PatchRange[]): Uint8Array {
  const out = read.slice();
  for (const range of ranges) {
    if (range.offset + range.patched.length > out.length)
      throw new RangeError(`The range at ${hexOffset(range.offset)} lies past the end of the read`);
    out.set(range.patched, range.offset);
  }
  return out;
}

/** Do two solutions write any byte in common? (Ranges that only touch do not overlap.) */
export function rangesOverlap(a: readonly PatchRange[], b: readonly PatchRange[]): boolean {
  for (const x of a) {
    const xEnd = x.offset + x.original.length;
    for (const y of b) if (x.offset < y.offset + y.original.length && y.offset < xEnd) return true;
  }
  return false;
}

/**
 * What a plan asks of the file: its stage (unless 'No Engine Mud', which changes nothing by
 * itself) and each option. Stage and option names never collide (shared/src/tickets).
 */
export function planItems(plan: { stage: string | null; options: readonly string[] }): string[] {
  const items = plan.stage && plan.stage !== 'No Engine Mud' ? [plan.stage] : [];
  for (const option of plan.options) if (!items.includes(option)) items.push(option);
  return items;
}

/** A solution that matched the read, as coverage sees it. */
export interface CoverCandidate<Id> {
  id: Id;
  stage: string | null;
  options: readonly string[];
  ranges: readonly PatchRange[];
}

export type Coverage<Id> =
  | { kind: 'full'; via: 'bundle' | 'singles'; solutionIds: Id[]; covered: string[] }
  | { kind: 'partial'; solutionIds: Id[]; covered: string[]; remaining: string[] }
  | { kind: 'none'; remaining: string[] };

/**
 * Covers a ticket's plan exactly with solutions that matched its read: one solution with the
 * very same items (a bundle, or a single for a one-item plan), else single-item solutions, one
 * per item, whose ranges do not overlap each other. Candidates are tried in the order given
 * (the caller puts the preferred first); a single that overlaps one already taken is skipped.
 * What singles cannot cover makes the coverage partial. A bundle of some of the items is not
 * used: its ranges cannot be told apart per option.
 */
export function coverPlan<Id>(
  plan: { stage: string | null; options: readonly string[] },
  candidates: readonly CoverCandidate<Id>[],
): Coverage<Id> {
  const wanted = planItems(plan);
  if (wanted.length === 0) return { kind: 'none', remaining: [] };
  const key = (items: string[]) => [...items].sort().join('\n');
  const bundle = candidates.find((c) => key(planItems(c)) === key(wanted));
  if (bundle) return { kind: 'full', via: 'bundle', solutionIds: [bundle.id], covered: wanted };
  const taken: CoverCandidate<Id>[] = [];
  const covered: string[] = [];
  for (const item of wanted) {
    const single = candidates.find((c) => {
      const items = planItems(c);
      return (
        items.length === 1 && items[0] === item && taken.every((t) => !rangesOverlap(t.ranges, c.ranges))
      );
    });
    if (!single) continue;
    taken.push(single);
    covered.push(item);
  }
  const remaining = wanted.filter((item) => !covered.includes(item));
  const solutionIds = taken.map((t) => t.id);
  if (remaining.length === 0) return { kind: 'full', via: 'singles', solutionIds, covered };
  if (covered.length === 0) return { kind: 'none', remaining };
  return { kind: 'partial', solutionIds, covered, remaining };
}

/** A solution as stored: its plan, the read size it applies to, its ranges with hex bytes. */
export interface StoredSolution<Id> {
  id: Id;
  stage: string | null;
  options: readonly string[];
  fileSize: number;
  ranges: readonly { offset: number; original: string; patched: string }[];
}

export interface ReadMatch<Id> {
  /** Each solution's check, in the order given. */
  checks: { id: Id; result: CheckResult }[];
  coverage: Coverage<Id>;
  /** The read with the covering solutions applied, when they cover the plan fully. */
  patched: Uint8Array | null;
}

/**
 * The whole of matching one read: each stored solution checked against it, the plan covered
 * (coverPlan, candidates in the order given), and the patched read when covered fully. Plain
 * data in and out, so it runs in a worker thread (api/src/platform/worker-pool-tasks.ts).
 */
export function matchRead<Id>(
  read: Uint8Array,
  plan: { stage: string | null; options: readonly string[] },
  solutions: readonly StoredSolution<Id>[],
): ReadMatch<Id> {
  const checks: ReadMatch<Id>['checks'] = [];
  const matched: CoverCandidate<Id>[] = [];
  for (const solution of solutions) {
    const ranges = solution.ranges.map((r) => ({
      offset: r.offset,
      original: fromHex(r.original),
      patched: fromHex(r.patched),
    }));
    const result = checkRead(read, { fileSize: solution.fileSize, ranges });
    checks.push({ id: solution.id, result });
    if (result.match)
      matched.push({ id: solution.id, stage: solution.stage, options: solution.options, ranges });
  }
  const coverage = coverPlan(plan, matched);
  let patched: Uint8Array | null = null;
  if (coverage.kind === 'full') {
    patched = read;
    for (const id of coverage.solutionIds)
      patched = applyRanges(patched, matched.find((m) => m.id === id)!.ranges);
  }
  return { checks, coverage, patched };
}

/** Bytes as lower-case hex, the stored and answered form of a range's bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new TypeError('Not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
