import type { OutboxHandlers } from '../local/outbox';
import { updateProfileHandler } from '../profile/sync';
import { createTicketHandler } from '../tickets/submitting/ticket-outbox';

/**
 * Every outbox command and its handler: how it is prepared, where it goes, how its answer
 * lands (docs/decisions/041-outbox-commands.md). A kind without a handler here does not
 * compile. The signed-in layout and the sync loop install it before any command is sent or
 * replayed; the sign-in page does without it (docs/decisions/031-first-visit.md).
 */
export const OUTBOX_HANDLERS: OutboxHandlers = {
  createTicket: createTicketHandler,
  updateProfile: updateProfileHandler,
};
