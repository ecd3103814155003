import type { Server } from 'node:http';
import type { AppDeps } from '../http/context';
import { chatTicketFor, chatUserNow } from './access';
import { docRuntime } from './doc-runtime-loader';
import { type ChatFanout, localFanout, redisFanout } from './fanout';
import { forgetDeletedInRooms } from './forget-user';
import { ChatHub } from './hub';
import { chatInboxRoutes } from './inbox';
import { type ChatPresence, localPresence, redisPresence } from './presence';
import { chatRoutes } from './routes';
import { attachChatServer } from './ws-server';

export { chatTicketFor } from './access';
export { announceAccessChange } from './access-changes';
export { cannedReplyRoutes } from './canned-replies';
export { DELETED_USER_NAME, forgetChatUser } from './forget-user';
export { COMPACT_AFTER } from './hub';

export interface Chat {
  hub: ChatHub;
  /** GET /api/chat/{ticketNumber} (load payload) and attachments. */
  routes: ReturnType<typeof chatRoutes>;
  /** GET /api/admin/chat-inbox[/count]. */
  inboxRoutes: ReturnType<typeof chatInboxRoutes>;
  /** Takes the websocket upgrades of the HTTP server; close() ends every socket and stores every room. */
  attach(server: Server): { close(): Promise<void> };
}

export const CHAT_COMPACTION_SCHEDULE = 'chat-compaction';
/** Appended updates younger than this may belong to a room that is about to compact them itself. */
const LEFTOVER_AGE_MS = 15 * 60 * 1000;

/** The ticket chat: rooms in this process, fanned out through Redis when REDIS_URL is set. */
export function createChat(deps: AppDeps): Chat {
  const onError = (err: unknown) => deps.logger.error('Chat fan-out:', err);
  const fanout: ChatFanout = deps.redis ? redisFanout(deps.redis, onError) : localFanout();
  const presence: ChatPresence = deps.redis ? redisPresence(deps.redis) : localPresence();
  const hub = new ChatHub({
    deps,
    fanout,
    presence,
    userNow: (cookie) => chatUserNow(deps, cookie),
    ticketNow: (user, ticketNumber) => chatTicketFor(deps, user, String(ticketNumber)),
  });
  forgetDeletedInRooms(deps, hub, fanout);
  // Updates left appended (a process killed before its rooms compacted) are merged once an
  // hour by one process (docs/decisions/070-durable-jobs.md).
  deps.jobs.every(CHAT_COMPACTION_SCHEDULE, '41 * * * *', async () => {
    const { compactLeftoverChats } = await docRuntime();
    await compactLeftoverChats(deps.db, new Date(Date.now() - LEFTOVER_AGE_MS));
  });
  return {
    hub,
    routes: chatRoutes(hub),
    inboxRoutes: chatInboxRoutes(),
    attach: (server) => attachChatServer(server, deps, hub),
  };
}
