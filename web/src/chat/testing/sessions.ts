import { ChatSession, type ChatSessionOptions } from '../chat-session';
import { deliveryOf } from '../delivery';
import type { ChatSnapshot } from '../snapshot';
import type { FakeChatServer } from './fake-chat-server';

/** Sessions against a FakeChatServer, each with its own switchable network. */

export const TUNER = { id: 'tuner-1', name: 'Ann Lee', role: 'user' as const };
export const ADMIN = { id: 'admin-1', name: 'Sam Support', role: 'admin' as const };
export const PEOPLE = {
  [TUNER.id]: { firstName: 'Ann', lastName: 'Lee', role: 'user' as const },
  [ADMIN.id]: { firstName: 'Sam', lastName: 'Support', role: 'admin' as const },
};

let ticket = 1000;
export const nextTicket = () => ++ticket;
const sessions: ChatSession[] = [];
export function stopSessions() {
  for (const s of sessions.splice(0)) s.stop();
}

function network() {
  const events = new EventTarget();
  const state = { online: true };
  return {
    events,
    isOnline: () => state.online,
    set(online: boolean) {
      state.online = online;
      events.dispatchEvent(new Event(online ? 'online' : 'offline'));
    },
  };
}

export function startSession(
  server: FakeChatServer,
  user: typeof TUNER | typeof ADMIN,
  ticketNumber: number,
  extra: Partial<ChatSessionOptions> = {},
) {
  const net = network();
  const session = new ChatSession({
    ticketNumber,
    user,
    serverUrl: 'ws://test/api/chat',
    WebSocketImpl: server.socketClass(user.id),
    events: net.events,
    isOnline: net.isOnline,
    reconnectDelayOf: () => 5,
    ...extra,
  });
  sessions.push(session);
  session.start();
  return { session, net };
}

export const texts = (s: ChatSnapshot) => s.entries.map((e) => e.message.text);
export const states = (s: ChatSnapshot, viewerId: string) =>
  s.entries
    .map((e, i) => (e.message.senderId === viewerId ? deliveryOf(e.id, i, s.known, s.partnerRead) : null))
    .filter(Boolean);
