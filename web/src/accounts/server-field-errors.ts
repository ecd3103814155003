import { ApiError } from '../local/api-client';

/** The server's field errors of a refused call (first message per field), for showing under inputs. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError)) return out;
  for (const { path, message } of err.errors) if (path && !(path in out)) out[path] = message;
  return out;
}
