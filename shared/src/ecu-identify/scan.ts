/** A stretch of printable ASCII found in a binary, and where it starts. */
export interface AsciiRun {
  offset: number;
  text: string;
}

/**
 * Identifiers are printed as text; shorter runs in code and tables are mostly noise. Five, not
 * six: a family name such as 'ME7.5' or 'EDC16' is often a string of its own.
 */
export const MIN_RUN_LENGTH = 5;

/**
 * Long runs (padding of spaces, 'UUUU' test patterns) are cut into pieces this long that
 * overlap by more than the longest identifier, so no identifier is lost at a cut and no
 * string grows with the file.
 */
const MAX_PIECE = 1024;
export const PIECE_OVERLAP = 64;

const isPrintable = (b: number) => b >= 0x20 && b <= 0x7e;

const decode = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** One pass over the bytes: every run of at least `minLength` printable ASCII characters. */
export function scanAsciiRuns(bytes: Uint8Array, minLength = MIN_RUN_LENGTH): AsciiRun[] {
  const runs: AsciiRun[] = [];
  const push = (start: number, end: number) => {
    if (end - start < minLength) return;
    for (let from = start; ; from += MAX_PIECE - PIECE_OVERLAP) {
      const to = Math.min(end, from + MAX_PIECE);
      runs.push({ offset: from, text: decode(bytes, from, to) });
      if (to === end) return;
    }
  };
  let start = -1;
  for (let i = 0; i < bytes.length; i++) {
    if (isPrintable(bytes[i]!)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      push(start, i);
      start = -1;
    }
  }
  if (start >= 0) push(start, bytes.length);
  return runs;
}
