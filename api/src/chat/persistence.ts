import { asc, eq, inArray, lt, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { chatDocs, chatUpdates } from '../db/schema';

/**
 * The snapshot and every update appended since, in order (applied together they are the doc),
 * read by one statement, so from one state of the database. Read by two, a compaction by
 * another process that committed between them gave the old snapshot and none of the updates
 * it had merged: a room loaded then was missing those messages.
 */
export async function loadChatState(
  db: Db,
  ticketId: string,
): Promise<{ updates: Uint8Array[]; appended: number }> {
  const rows = rowsOf<{ data: Uint8Array; appended: boolean }>(
    await db.execute(sql`
      select ${chatDocs.state} as data, false as appended, 0::bigint as seq
      from ${chatDocs} where ${chatDocs.ticketId} = ${ticketId}
      union all
      select ${chatUpdates.data}, true, ${chatUpdates.id}
      from ${chatUpdates} where ${chatUpdates.ticketId} = ${ticketId}
      order by appended, seq`),
  );
  return {
    updates: rows.map((row) => toBytes(row.data)),
    appended: rows.filter((row) => row.appended).length,
  };
}

/** Appends updates of any rooms in one statement (see write-batch.ts). */
export async function appendChatUpdates(
  db: Db,
  rows: { ticketId: string; data: Uint8Array }[],
): Promise<void> {
  await db.insert(chatUpdates).values(rows);
}

/**
 * Merges the appended updates into the snapshot. Runs under a transaction-scoped advisory
 * lock on the ticket so that two processes compacting at once cannot drop an update: each
 * deletes only the rows it merged.
 */
export async function compactChat(db: Db, ticketId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${ticketId}`}))`);
    const rows = await tx
      .select({ id: chatUpdates.id, data: chatUpdates.data })
      .from(chatUpdates)
      .where(eq(chatUpdates.ticketId, ticketId))
      .orderBy(asc(chatUpdates.id));
    if (rows.length === 0) return;
    const [snapshot] = await tx
      .select({ state: chatDocs.state })
      .from(chatDocs)
      .where(eq(chatDocs.ticketId, ticketId));
    const parts = snapshot ? [toBytes(snapshot.state)] : [];
    for (const row of rows) parts.push(toBytes(row.data));
    // Through a doc (not Y.mergeUpdates) so that the snapshot is garbage-collected.
    const doc = new Y.Doc();
    for (const part of parts) Y.applyUpdate(doc, part);
    const state = Y.encodeStateAsUpdate(doc);
    doc.destroy();
    await tx
      .insert(chatDocs)
      .values({ ticketId, state })
      .onConflictDoUpdate({ target: chatDocs.ticketId, set: { state, updatedAt: sql`now()` } });
    // Exactly the rows merged: a row another process is inserting right now may have a
    // lower id than the last one read here, and must stay for the next compaction.
    await tx.delete(chatUpdates).where(
      inArray(
        chatUpdates.id,
        rows.map((r) => r.id),
      ),
    );
  });
}

/** Chats compacted per run of the schedule; any more wait for the next run. */
const LEFTOVER_CHATS_PER_RUN = 500;

/**
 * Compacts the chats with updates appended before `before` (the chat-compaction schedule,
 * docs/decisions/070-durable-jobs.md). A loaded room compacts every COMPACT_AFTER updates and
 * when it unloads; these are the updates of a room whose process was killed first, or of a
 * quiet room that stays open. Safe beside a loaded room: compactChat takes the ticket's lock
 * and deletes only the rows it merged. Answers how many chats it compacted.
 */
export async function compactLeftoverChats(db: Db, before: Date): Promise<number> {
  const leftovers = await db
    .selectDistinct({ ticketId: chatUpdates.ticketId })
    .from(chatUpdates)
    .where(lt(chatUpdates.createdAt, before))
    .limit(LEFTOVER_CHATS_PER_RUN);
  for (const { ticketId } of leftovers) await compactChat(db, ticketId);
  return leftovers.length;
}

/** postgres.js gives Buffers, PGlite Uint8Arrays; Yjs wants a plain Uint8Array view. */
function toBytes(value: Uint8Array): Uint8Array {
  return value instanceof Uint8Array
    ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
    : value;
}
