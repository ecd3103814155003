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

/** What a check and coverage look at of a range: where it is and the bytes it expects. */
export type CheckedRange = Pick<PatchRange, 'offset' | 'original'>;

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
 * Some stretches of a read and its size: what matching needs of a read, fetched from storage
 * without the rest of its megabytes. Spans in order, not overlapping (`excerptRuns`).
 */
export interface ReadExcerpt {
  size: number;
  spans: readonly { offset: number; bytes: Uint8Array }[];
}

/**
 * Stretches closer than this are fetched as one: a few kilobytes more to read cost less than
 * another request to the store (a map's ranges often lie a few hundred bytes apart).
 */
export const EXCERPT_GAP = 4096;

/** The stretches of a read that these solutions' checks look at, close ones merged. */
export function excerptRuns(
  solutions: readonly { ranges: readonly { offset: number; original: string | Uint8Array }[] }[],
  gap = EXCERPT_GAP,
): ByteRun[] {
  const runs: ByteRun[] = [];
  for (const s of solutions)
    for (const r of s.ranges) {
      const length = typeof r.original === 'string' ? r.original.length / 2 : r.original.length;
      runs.push({ start: r.offset, end: r.offset + length });
    }
  return mergeRuns(runs, gap);
}

/** The read's bytes [offset, offset + length), or null when the read does not hold them all. */
function bytesAt(read: Uint8Array | ReadExcerpt, offset: number, length: number): Uint8Array | null {
  if (read instanceof Uint8Array)
    return offset + length <= read.length ? read.subarray(offset, offset + length) : null;
  const span = read.spans.find((s) => s.offset <= offset && offset + length <= s.offset + s.bytes.length);
  return span ? span.bytes.subarray(offset - span.offset, offset - span.offset + length) : null;
}

/**
 * Does the read hold the solution's original bytes at every range? Bytes outside the ranges
 * (VIN, immobiliser, adaptations) do not matter. `fileSize`: the size of the read the solution
 * was made from; a read of another size is another software layout. The read is the whole file
 * or an excerpt of it (a range the excerpt lacks counts as differing).
 */
export function checkRead(
  read: Uint8Array | ReadExcerpt,
  solution: { fileSize: number; ranges: readonly CheckedRange[] },
): CheckResult {
  const size = read instanceof Uint8Array ? read.length : read.size;
  if (size !== solution.fileSize)
    return {
      match: false,
      reason: 'size-differs',
      message: `the read is ${size} bytes, the solution's ${solution.fileSize}`,
    };
  for (const range of solution.ranges) {
    const found = bytesAt(read, range.offset, range.original.length);
    let same = found !== null;
    for (let i = 0; same && i < range.original.length; i++) same = found![i] === range.original[i];
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

/**
 * One piece of a file on its way past (`chunk` holds the file's bytes from offset `at`) with the
 * ranges' new bytes that fall in it written: the file is patched as it streams, never held
 * whole. The chunk itself when no range touches it, else a patched copy.
 */
export function patchChunk(chunk: Uint8Array, at: number, ranges: readonly PatchRange[]): Uint8Array {
  const end = at + chunk.length;
  let out: Uint8Array | null = null;
  for (const range of ranges) {
    const from = Math.max(range.offset, at);
    const to = Math.min(range.offset + range.patched.length, end);
    if (from >= to) continue;
    out ??= chunk.slice();
    out.set(range.patched.subarray(from - range.offset, to - range.offset), from - at);
  }
  return out ?? chunk;
}

/** Do two solutions write any byte in common? (Ranges that only touch do not overlap.) */
export function rangesOverlap(a: readonly CheckedRange[], b: readonly CheckedRange[]): boolean {
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
  ranges: readonly CheckedRange[];
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
}

/**
 * The whole of matching one read: each stored solution checked against it (the whole read or
 * the excerpt of it that `excerptRuns` names) and the plan covered (coverPlan, candidates in the
 * order given). Patching is the delivery's (`patchChunk`), once the plan is covered.
 */
export function matchRead<Id>(
  read: Uint8Array | ReadExcerpt,
  plan: { stage: string | null; options: readonly string[] },
  solutions: readonly StoredSolution<Id>[],
): ReadMatch<Id> {
  const checks: ReadMatch<Id>['checks'] = [];
  const matched: CoverCandidate<Id>[] = [];
  for (const solution of solutions) {
    // Only the original bytes are checked: the new ones are the delivery's.
    const ranges = solution.ranges.map((r) => ({ offset: r.offset, original: fromHex(r.original) }));
    const result = checkRead(read, { fileSize: solution.fileSize, ranges });
    checks.push({ id: solution.id, result });
    if (result.match)
      matched.push({ id: solution.id, stage: solution.stage, options: solution.options, ranges });
  }
  return { checks, coverage: coverPlan(plan, matched) };
}

/** Bytes as lower-case hex, the stored and answered form of a range's bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** A hex digit's value by character code; -1 for anything else. */
const HEX_VALUE = Int8Array.from({ length: 128 }, (_, c) => {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
});

/** Hex (either case) as bytes; anything else throws. Decodes a map's kilobytes in microseconds. */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new TypeError('Not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = HEX_VALUE[hex.charCodeAt(i * 2)] ?? -1;
    const lo = HEX_VALUE[hex.charCodeAt(i * 2 + 1)] ?? -1;
    if (hi < 0 || lo < 0) throw new TypeError('Not hex');
    out[i] = hi * 16 + lo;
  }
  return out;
}
