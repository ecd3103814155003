import { ticketClientIdSchema } from '@ecu/shared';
import type { Context } from 'hono';
import { AppError, badRequest } from '../http/app-error';
import type { AppEnv } from '../http/context';

export const KEY_MISMATCH_MESSAGE =
  "The Idempotency-Key header and the body's clientId name different tickets";
export const KEY_NOT_UUID_MESSAGE =
  "The Idempotency-Key of a ticket must be a UUID (it is the ticket's clientId)";

/**
 * The ticket's clientId (the same clientId twice is one ticket): the body's, as API clients
 * send it, or else the Idempotency-Key header, which is how the web's outbox sends every
 * command's key (docs/decisions/041-outbox-commands.md). Both given and different is refused:
 * the caller could not tell which one the ticket is filed under.
 */
export function ticketClientId(c: Context<AppEnv>, fromBody: string | undefined): string | undefined {
  const header = c.req.header('idempotency-key')?.trim() || undefined;
  if (!header) return fromBody;
  if (fromBody) {
    if (header !== fromBody) throw new AppError('idempotency_key_mismatch', KEY_MISMATCH_MESSAGE);
    return fromBody;
  }
  const parsed = ticketClientIdSchema.safeParse({ clientId: header });
  if (!parsed.success) throw badRequest(KEY_NOT_UUID_MESSAGE);
  return parsed.data.clientId;
}
