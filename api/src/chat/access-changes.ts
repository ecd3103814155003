import type { Db } from '../db/client';

type Announce = (userId: string) => Promise<void>;

/** The chats of this process, by the database whose accounts they serve. */
const chats = new WeakMap<Db, Set<Announce>>();

/**
 * Called by the chat: `announce` passes an account change to every process's chat (the
 * chat fan-out). Returns the call that stops it (the chat's close).
 */
export function onAccessChange(db: Db, announce: Announce): () => void {
  const set = chats.get(db) ?? new Set<Announce>();
  set.add(announce);
  chats.set(db, set);
  return () => set.delete(announce);
}

/**
 * After a change to an account's role, disabled flag or existence has COMMITTED: every
 * process re-reads that account for its open chat sockets and closes those that lost their
 * access (docs/decisions/063-chat-access-follows-the-account.md). Never rejects.
 */
export async function announceAccessChange(db: Db, userId: string): Promise<void> {
  await Promise.all([...(chats.get(db) ?? [])].map((announce) => announce(userId)));
}
