/**
 * The sync cursor: the (transaction id, sequence number) of the last change handed out, as one
 * opaque string. The feed is ordered by that pair and only hands out changes of transactions
 * older than every transaction still running, so no change can commit behind a cursor
 * (docs/decisions/025-files-and-local-data.md).
 */
export interface FeedPosition {
  /** xid8 as decimal text (it exceeds 2^53). */
  tx: string;
  seq: number;
}

export const FEED_START: FeedPosition = { tx: '0', seq: 0 };

export type ParsedCursor =
  | { kind: 'position'; position: FeedPosition }
  /** A numeric cursor of the earlier feed (seq only): it may have skipped a change. */
  | { kind: 'legacy' }
  | { kind: 'invalid' };

const PAIR = /^(\d{1,20}):(\d{1,18})$/;

export function encodeCursor(p: FeedPosition): string {
  return Buffer.from(`${p.tx}:${p.seq}`).toString('base64url');
}

export function parseCursor(raw: string | undefined): ParsedCursor {
  if (raw === undefined || raw === '' || raw === '0') return { kind: 'position', position: FEED_START };
  if (/^\d{1,18}$/.test(raw)) return { kind: 'legacy' };
  if (!/^[A-Za-z0-9_-]{1,60}$/.test(raw)) return { kind: 'invalid' };
  const m = PAIR.exec(Buffer.from(raw, 'base64url').toString('latin1'));
  if (!m || encodeCursor({ tx: m[1]!, seq: Number(m[2]) }) !== raw) return { kind: 'invalid' };
  return { kind: 'position', position: { tx: BigInt(m[1]!).toString(), seq: Number(m[2]) } };
}

/** -1, 0 or 1 as a is before, at or after b in feed order. */
export function comparePositions(a: FeedPosition, b: FeedPosition): number {
  const ta = BigInt(a.tx);
  const tb = BigInt(b.tx);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return Math.sign(a.seq - b.seq);
}
