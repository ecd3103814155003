/**
 * Faults of the machine, not of the request: the database's connection lost and the file store
 * full. Each is told by the error's code, on the error or on any error in its `cause` chain
 * (drizzle wraps a driver's error in one of its own), and answered 503 or 507, never a generic
 * 500 nor a 4xx (docs/decisions/071-faults-answer-503-and-507.md).
 */

/** postgres.js's codes for a connection that closed, ended or never opened. */
const DRIVER_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** The socket's codes (Node's net) when the server went away or cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL's SQLSTATEs of a lost session: class 08 (connection exception), 57P01-57P03
 * (terminated by an administrator, a crash, or the server still starting), 53300 (no
 * connection slot left).
 */
const LOST_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/**
 * PGlite runs in the process: there is no connection to lose. Its one failure of that kind is
 * the database closed under a request (a shutdown under way), and that is what it says.
 */
const PGLITE_CLOSED = 'PGlite is closed';

/** Where a cause chain may hide the driver's error: at most this deep. */
const MAX_DEPTH = 5;

function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let at: unknown = err;
  for (let depth = 0; depth < MAX_DEPTH && typeof at === 'object' && at !== null; depth++) {
    yield at as { code?: unknown; message?: unknown };
    at = (at as { cause?: unknown }).cause;
  }
}

/** The database's connection was lost or could not be opened: the same request may work soon. */
export function isConnectionLost(err: unknown): boolean {
  for (const e of causes(err)) {
    const code = e.code;
    if (
      typeof code === 'string' &&
      (DRIVER_CODES.has(code) || SOCKET_CODES.has(code) || LOST_SQLSTATE.test(code))
    )
      return true;
    if (e.message === PGLITE_CLOSED) return true;
  }
  return false;
}

/**
 * The disk is full: a write of a file failed with no room (or the quota spent), or the database
 * could not grow a file (SQLSTATE 53100, disk_full). PGlite keeps its data in DATA_DIR beside
 * the files, says the same, and takes writes again once room is freed.
 */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

export function isStorageFull(err: unknown): boolean {
  for (const e of causes(err)) if (typeof e.code === 'string' && FULL_CODES.has(e.code)) return true;
  return false;
}
