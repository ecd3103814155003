/**
 * The stable code beside the message of every failure envelope (docs/decisions/033-error-codes.md).
 * The API sets it, the web branches on it: a message may be reworded and a status is shared by
 * answers the web treats differently (a 403 for an unfinished profile, another for a disabled
 * account). Each code has exactly one HTTP status, listed here.
 */
export const ERROR_CODE_STATUS = {
  /** A request the server cannot read (not JSON, not an object) or a rule it breaks. */
  bad_request: 400,
  /** A field is wrong; the envelope's `errors` name the fields. */
  validation_failed: 400,
  /** The Idempotency-Key header and the body's clientId name two different tickets. */
  idempotency_key_mismatch: 400,
  /** Not signed in, or the session ended. */
  unauthorized: 401,
  /** Sign-in with a wrong e-mail or password (not a lost session). */
  invalid_credentials: 401,
  /** The card provider refused the payment (the refusal is on record). */
  payment_declined: 402,
  forbidden: 403,
  not_onboarded: 403,
  not_verified: 403,
  account_disabled: 403,
  not_admin: 403,
  not_customer: 403,
  not_found: 404,
  /** The current state refuses the change (the last admin, an already verified address). */
  conflict: 409,
  /** The same request (same Idempotency-Key) is still running: retry it under the same key. */
  request_in_progress: 409,
  /** The payment waits for the bank's confirmation; the webhook settles it. */
  payment_pending: 409,
  insufficient_credits: 409,
  /** It existed but is gone for good (an expired upload, a checkout too old to retry). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** The Idempotency-Key was used before for a different request. */
  idempotency_key_reused: 422,
  /** tus: the upload is being written by another request. */
  locked: 423,
  rate_limited: 429,
  server_error: 500,
  /** An upstream (the card provider, a proxy) did not answer. */
  bad_gateway: 502,
  /** A service the request needs is off or unreachable (the database's connection was lost). */
  unavailable: 503,
  /**
   * The server's file store is full; the client's file was fine
   * (docs/decisions/071-faults-answer-503-and-507.md).
   */
  insufficient_storage: 507,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;

export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODE_STATUS, value);
}

/** The generic code of a status, for an answer that carries none (a proxy's page, tus's text). */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_declined',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  423: 'locked',
  429: 'rate_limited',
  500: 'server_error',
  502: 'bad_gateway',
  503: 'unavailable',
  507: 'insufficient_storage',
};

/**
 * The code for an answer of this status without one of its own. Any other 5xx is a server
 * error; anything else (another 4xx, a 2xx that was not our envelope) a request refused.
 */
export function codeForStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
}

/** The code an answer carries when it is one we know, else the generic code of its status. */
export function errorCodeOf(code: unknown, status: number): ErrorCode {
  return isErrorCode(code) ? code : codeForStatus(status);
}

/** The server failed (or could not be reached behind a proxy): the same request may work later. */
export function isServerFault(code: ErrorCode): boolean {
  return ERROR_CODE_STATUS[code] >= 500;
}
