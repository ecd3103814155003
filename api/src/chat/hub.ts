import { randomUUID } from 'node:crypto';
import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import type { WebSocket } from 'ws';
import type { AppDeps, UserRow } from '../http/context';
import { onAccessChange } from './access-changes';
import { docRuntime } from './doc-runtime-loader';
import type { ChatFanout } from './fanout';
import type { ChatPresence } from './presence';
import type { ChatConnection, ChatRoom, ChatTicket } from './room';
import {
  allowChatMessages,
  type ChatMessageRow,
  claimAttachments,
  indexMessages,
  messageRows,
  queueChatSideEffects,
  recordRead,
} from './side-effects';
import { writeBatcher } from './write-batch';

/** Compact a busy room's appended updates into the snapshot past this many. */
export const COMPACT_AFTER = 200;
const HEARTBEAT_MS = 30_000;
/** Each socket's account is re-checked once a minute, on a one-second tick of its own. */
const RECHECK_TICK_MS = 1_000;
const RECHECK_TICKS = 60;
/**
 * Closes a socket whose account may still chat here but changed role: any code outside
 * 4400-4499 makes the client reconnect, and it joins again as the account is now.
 */
export const CHAT_CLOSE_REJOIN = 4001;
const RECONNECT_REASON = 'The chat is reconnecting';

export interface ChatHubDeps {
  deps: AppDeps;
  fanout: ChatFanout;
  presence: ChatPresence;
  /** The account behind a socket's session cookie as it is now, if it may still chat. */
  userNow(cookie: string | undefined): Promise<UserRow | null>;
  /** The ticket as `user` may see it now, if it may. */
  ticketNow(user: UserRow, ticketNumber: number): Promise<ChatTicket | null>;
}

type Verdict = 'allowed' | 'rejoin' | 'forbidden';

interface Socket extends ChatConnection {
  ws: WebSocket;
  room: ChatRoom;
  cookie: string | undefined;
  alive: boolean;
  queue: Promise<void>;
  /** The re-check tick at which this socket's account is checked again. */
  recheckAt: number;
  /** Closed for its access: what it sent after is dropped. */
  revoked: boolean;
}

/** This process's loaded chat rooms and the sockets on them. */
export class ChatHub {
  private readonly rooms = new Map<string, ChatRoom>();
  private readonly loading = new Map<string, Promise<ChatRoom>>();
  private readonly unloading = new Map<string, Promise<void>>();
  private readonly sockets = new Set<Socket>();
  private readonly timer: NodeJS.Timeout;
  private readonly rechecker: NodeJS.Timeout;
  private tick = 0;
  /** Open and opening sockets per account, counted before any await (the cap holds). */
  private readonly places = new Map<string, number>();
  /** Account changes heard: their number, and per account the last one's (number, tick). */
  private changes = 0;
  private readonly changed = new Map<string, { change: number; tick: number }>();
  private readonly stopHearing: () => void;

  private readonly appendUpdate: (row: { ticketId: string; data: Uint8Array }) => Promise<void>;
  private readonly indexMessage: (row: ChatMessageRow) => Promise<void>;

  constructor(private readonly h: ChatHubDeps) {
    this.appendUpdate = writeBatcher(async (rows) => (await docRuntime()).appendChatUpdates(h.deps.db, rows));
    this.indexMessage = writeBatcher((rows) => indexMessages(h.deps.db, rows));
    this.timer = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
    this.rechecker = setInterval(() => this.recheck(), RECHECK_TICK_MS);
    this.rechecker.unref();
    const { fanout, deps } = h;
    void fanout
      .onAccountChange((userId) => this.accountChanged(userId))
      .catch((err) => deps.logger.error('Chat fan-out of account changes:', err));
    this.stopHearing = onAccessChange(deps.db, (userId) => fanout.announceAccountChange(userId));
    fanout.onLost(() => this.fanoutLost());
  }

  /** Sockets of one account open or being opened in this process. */
  socketsOf(userId: string): number {
    return this.places.get(userId) ?? 0;
  }

  /**
   * Takes one of the account's `cap` socket places, or null when all are taken. Synchronous,
   * so parallel upgrades cannot all pass one count; `release` (idempotent) gives it back.
   */
  reserve(userId: string, cap: number): (() => void) | null {
    const taken = this.places.get(userId) ?? 0;
    if (taken >= cap) return null;
    this.places.set(userId, taken + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.places.get(userId) ?? 1) - 1;
      if (left > 0) this.places.set(userId, left);
      else this.places.delete(userId);
    };
  }

  /** A mark to pass to connect(): account changes heard after it re-check the new socket. */
  changeMark(): number {
    return this.changes;
  }

  get loadedRooms(): number {
    return this.rooms.size;
  }

  /** Chat sockets open in this process (the metrics). */
  get openSockets(): number {
    return this.sockets.size;
  }

  /** The loaded room of a ticket in this process, if any (for reads over HTTP). */
  peek(ticketId: string): ChatRoom | undefined {
    return this.rooms.get(ticketId);
  }

  /** Puts an authorised socket into its ticket's room (loading the room when needed). */
  async connect(
    ws: WebSocket,
    user: UserRow,
    ticket: ChatTicket,
    cookie: string | undefined,
    checkedAt: number = this.changes,
  ): Promise<void> {
    if (!this.h.fanout.available()) {
      ws.close(CHAT_CLOSE.tryAgainLater, RECONNECT_REASON);
      return;
    }
    const early: Uint8Array[] = [];
    const onEarly = (data: Buffer) => early.push(new Uint8Array(data));
    ws.on('message', onEarly);
    let room: ChatRoom;
    try {
      room = await this.open(ticket);
    } catch (err) {
      if (err instanceof FanoutUnavailable) {
        ws.close(CHAT_CLOSE.tryAgainLater, RECONNECT_REASON);
        return;
      }
      this.h.deps.logger.error('Chat room failed to load:', err);
      ws.close(1011, 'The chat could not be loaded');
      return;
    }
    if (ws.readyState !== ws.OPEN) {
      this.releaseIfEmpty(room);
      return;
    }
    const socket: Socket = {
      id: randomUUID(),
      user,
      ws,
      room,
      cookie,
      alive: true,
      queue: Promise.resolve(),
      recheckAt: this.tick + RECHECK_TICKS - Math.floor(Math.random() * (RECHECK_TICKS / 4)),
      revoked: false,
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(message, (err) => err && ws.terminate());
      },
      close: (code, reason) => ws.close(code, reason),
    };
    this.sockets.add(socket);
    room.join(socket);
    ws.off('message', onEarly);
    const receive = (data: Uint8Array) => {
      socket.queue = socket.queue.then(() =>
        socket.revoked
          ? undefined
          : room.receive(socket, data).catch((err) => {
              this.h.deps.logger.warn(`Chat message refused on ticket ${ticket.ticketNumber}:`, err);
              ws.close(CHAT_CLOSE.refusedUpdate, 'Malformed message');
            }),
      );
    };
    // Its account changed while the upgrade was checked: that check may have read the old one.
    if ((this.changed.get(user.id)?.change ?? 0) > checkedAt) this.recheckNow([socket]);
    for (const data of early) receive(data);
    ws.on('message', (data: Buffer) => receive(new Uint8Array(data)));
    ws.on('pong', () => {
      socket.alive = true;
    });
    ws.on('close', () => {
      this.sockets.delete(socket);
      room.leave(socket);
      void this.h.presence.remove(ticket.id, user.id, socket.id).catch(() => {});
      void socket.queue.then(() => this.releaseIfEmpty(room));
    });
    await this.h.presence
      .add(ticket.id, user.id, socket.id)
      .catch((err) => this.h.deps.logger.warn('Chat presence:', err));
  }

  /**
   * An account changed (heard through the fan-out from whichever process changed it): its
   * sockets here are checked at once, and what they send meanwhile waits for the verdict.
   */
  accountChanged(userId: string): void {
    this.changes++;
    this.changed.set(userId, { change: this.changes, tick: this.tick });
    const sockets = [...this.sockets].filter((s) => s.user.id === userId);
    if (sockets.length > 0) this.recheckNow(sockets);
  }

  /**
   * The other processes cannot be reached (Redis went away): a room here would miss their
   * messages and they ours, so every socket is sent to reconnect, and its room is stored and
   * unloaded. Until Redis is back a new socket is told the same (connect); then each room
   * loads afresh from the database (docs/decisions/072-redis-outage.md).
   */
  private fanoutLost(): void {
    const open = [...this.sockets].filter((s) => !s.revoked);
    this.h.deps.logger.warn(`Chat fan-out lost (Redis): ${open.length} open chats asked to reconnect`);
    for (const socket of open) {
      socket.revoked = true;
      socket.ws.close(CHAT_CLOSE.tryAgainLater, RECONNECT_REASON);
    }
  }

  /** Closes every socket and stores every room (server shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.rechecker);
    this.stopHearing();
    for (const socket of this.sockets) socket.ws.terminate();
    await Promise.all([...this.loading.values()].map((p) => p.catch(() => {})));
    await Promise.all([...this.rooms.values()].map((room) => this.unload(room)));
    await Promise.all(this.unloading.values());
    await this.h.fanout.close();
  }

  private async open(ticket: ChatTicket): Promise<ChatRoom> {
    for (;;) {
      const unloading = this.unloading.get(ticket.id);
      if (unloading) {
        await unloading;
        continue;
      }
      const room = this.rooms.get(ticket.id);
      if (room) return room;
      let loading = this.loading.get(ticket.id);
      if (!loading) {
        loading = this.load(ticket).finally(() => this.loading.delete(ticket.id));
        this.loading.set(ticket.id, loading);
      }
      return await loading;
    }
  }

  private async load(ticket: ChatTicket): Promise<ChatRoom> {
    const { deps, fanout } = this.h;
    const { db, logger } = deps;
    const { ChatRoom, compactChat, loadChatState } = await docRuntime();
    const room: ChatRoom = new ChatRoom(ticket, {
      persist: async (update) => {
        await this.appendUpdate({ ticketId: ticket.id, data: update });
        room.appended++;
        if (room.appended < COMPACT_AFTER) return;
        room.appended = 0;
        await compactChat(db, ticket.id);
      },
      publish: (kind, payload) => fanout.publish(ticket.id, kind, payload),
      claimAttachments: (sender, messages) => claimAttachments(db, ticket.id, sender, messages),
      accepted: async (sender, messages) => {
        // Stored, then its e-mail and pushes queued (presence asked now, while the message is
        // fresh), then acknowledged: docs/decisions/070-durable-jobs.md.
        await Promise.all([
          ...messageRows(ticket, sender, messages).map((row) => this.indexMessage(row)),
          queueChatSideEffects(deps, this.h.presence, ticket, sender, messages),
        ]);
      },
      read: (user, count) => recordRead(db, ticket.id, user.id, count),
      allowMessages: (sender, count) => allowChatMessages(deps.rateLimits, sender.id, count),
      refused: (connection, reason, code = CHAT_CLOSE.refusedUpdate) => {
        logger.warn(
          `Chat update refused on ticket ${ticket.ticketNumber} from ${connection.user.id}: ${reason}`,
        );
        connection.close(code, reason.slice(0, 120));
      },
      peerRefused: (reason) =>
        logger.warn(`Chat update from another process refused on ticket ${ticket.ticketNumber}: ${reason}`),
      failed: (err) => logger.error('Chat update could not be stored:', err),
    });
    const early: [Parameters<ChatRoom['fromPeer']>[0], Uint8Array][] = [];
    let loaded = false;
    // Subscribe before reading the store: nothing published in between is missed.
    try {
      await fanout.subscribe(ticket.id, (kind, payload) => {
        if (loaded) room.fromPeer(kind, payload);
        else early.push([kind, payload]);
      });
    } catch (err) {
      room.destroy();
      throw new FanoutUnavailable(err);
    }
    try {
      const { updates, appended } = await loadChatState(db, ticket.id);
      room.load(updates, appended);
    } catch (err) {
      await fanout.unsubscribe(ticket.id).catch(() => {});
      room.destroy();
      throw err;
    }
    loaded = true;
    for (const [kind, payload] of early) room.fromPeer(kind, payload);
    this.rooms.set(ticket.id, room);
    return room;
  }

  private releaseIfEmpty(room: ChatRoom) {
    if (room.connections.size === 0 && this.rooms.get(room.ticket.id) === room) void this.unload(room);
  }

  private unload(room: ChatRoom): Promise<void> {
    const id = room.ticket.id;
    this.rooms.delete(id);
    const done = (async () => {
      await this.h.fanout.unsubscribe(id).catch(() => {});
      await room.flushed();
      if (room.appended > 0) await (await docRuntime()).compactChat(this.h.deps.db, id);
    })()
      .catch((err) => this.h.deps.logger.error('Chat room could not be stored on unload:', err))
      .finally(() => {
        room.destroy();
        this.unloading.delete(id);
      });
    this.unloading.set(id, done);
    return done;
  }

  private heartbeat() {
    for (const socket of this.sockets) {
      if (!socket.alive) {
        socket.ws.terminate();
        continue;
      }
      socket.alive = false;
      socket.ws.ping();
    }
    const live = [...this.sockets].map((s) => ({
      ticketId: s.room.ticket.id,
      userId: s.user.id,
      connectionId: s.id,
    }));
    void this.h.presence.refresh(live).catch((err) => this.h.deps.logger.warn('Chat presence refresh:', err));
  }

  /**
   * Sign-out, a changed role, a ticket moved or gone end open chats within a minute even
   * when no change was announced (disable, demote and delete are announced: accountChanged).
   * The checks are spread over the minute (a socket's first comes 45-60 s after it opened)
   * and made once per session cookie, so that many sockets never stall the process together.
   */
  private recheck() {
    this.tick++;
    for (const [userId, { tick }] of this.changed) {
      if (tick < this.tick - RECHECK_TICKS) this.changed.delete(userId);
    }
    const due: Socket[] = [];
    for (const socket of this.sockets) {
      if (socket.recheckAt > this.tick) continue;
      socket.recheckAt = this.tick + RECHECK_TICKS;
      due.push(socket);
    }
    for (const sockets of bySession(due)) {
      void this.verdicts(sockets).then(
        (verdicts) => this.apply(sockets, verdicts),
        (err) => this.h.deps.logger.warn('Chat access re-check failed:', err),
      );
    }
  }

  /** Checks now; each socket's later messages wait for its verdict. */
  private recheckNow(sockets: Socket[]) {
    for (const group of bySession(sockets)) {
      const checked = this.verdicts(group).then(
        (verdicts) => this.apply(group, verdicts),
        (err) => {
          // Unknown after a change: the client reconnects and its upgrade is checked afresh.
          this.h.deps.logger.warn('Chat access re-check failed:', err);
          this.apply(
            group,
            group.map(() => 'rejoin'),
          );
        },
      );
      for (const socket of group) socket.queue = socket.queue.then(() => checked);
    }
  }

  /** One session's sockets: the account read once, each ticket once. */
  private async verdicts(sockets: Socket[]): Promise<Verdict[]> {
    const first = sockets[0] as Socket;
    const user = await this.h.userNow(first.cookie);
    if (!user || user.id !== first.user.id) return sockets.map(() => 'forbidden');
    const tickets = new Map<number, Promise<ChatTicket | null>>();
    return Promise.all(
      sockets.map(async (socket) => {
        const { ticketNumber, id } = socket.room.ticket;
        const ticket = tickets.get(ticketNumber) ?? this.h.ticketNow(user, ticketNumber);
        tickets.set(ticketNumber, ticket);
        if ((await ticket)?.id !== id) return 'forbidden';
        return user.role === socket.user.role ? 'allowed' : 'rejoin';
      }),
    );
  }

  private apply(sockets: Socket[], verdicts: Verdict[]) {
    sockets.forEach((socket, i) => {
      const verdict = verdicts[i];
      if (verdict === 'allowed' || socket.revoked) return;
      socket.revoked = true;
      if (verdict === 'forbidden') socket.ws.close(CHAT_CLOSE.forbidden, 'Access to this chat ended');
      else socket.ws.close(CHAT_CLOSE_REJOIN, 'Your account changed');
    });
  }
}

/** The room could not join the fan-out (Redis is away): its client is told to reconnect. */
class FanoutUnavailable extends Error {
  constructor(cause: unknown) {
    super('The chat fan-out is unavailable', { cause });
  }
}

/** Sockets grouped by account and session cookie. */
function bySession(sockets: Socket[]): Socket[][] {
  const groups = new Map<string, Socket[]>();
  for (const socket of sockets) {
    const key = `${socket.user.id}\n${socket.cookie ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(socket);
    else groups.set(key, [socket]);
  }
  return [...groups.values()];
}
