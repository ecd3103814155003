import type { ItemId } from './entries';

/**
 * What the server is known to hold, as a Yjs state vector (client -> next clock): the acks
 * (MESSAGE_ACK) merged with what arrived from the server itself (docs/decisions/022-chat-on-yjs.md).
 * A server applies each client's structs in clock order, so holding clock c of a client means
 * holding all of that client's structs below c.
 */
export type StateVector = Map<number, number>;

export type Delivery = 'pending' | 'sent' | 'read';

export function isCovered(known: StateVector, id: ItemId): boolean {
  return (known.get(id.client) ?? 0) > id.clock;
}

/** Both vectors' knowledge at once; `null` when `add` tells nothing new (nothing to store). */
export function mergeVectors(known: StateVector, add: StateVector): StateVector | null {
  let merged: StateVector | null = null;
  for (const [client, clock] of add) {
    if (clock > (known.get(client) ?? 0)) {
      merged ??= new Map(known);
      merged.set(client, clock);
    }
  }
  return merged;
}

/**
 * After a transaction that applied the server's own update: every client that moved is held
 * by the server up to where it moved to.
 */
export function movedClients(before: StateVector, after: StateVector): StateVector {
  const moved: StateVector = new Map();
  for (const [client, clock] of after) {
    if (clock > (before.get(client) ?? 0)) moved.set(client, clock);
  }
  return moved;
}

/**
 * The state of one of the viewer's own messages: pending until the server holds it, then
 * read once the partner has seen it (`partnerRead` counts messages from the start), else sent.
 */
export function deliveryOf(id: ItemId, index: number, known: StateVector, partnerRead: number): Delivery {
  if (!isCovered(known, id)) return 'pending';
  return index < partnerRead ? 'read' : 'sent';
}

/**
 * How many messages from the start the server holds: what a reader reports as seen, since
 * the server counts in its own copy (a message still pending here is not there yet).
 */
export function heldPrefix(ids: readonly ItemId[], known: StateVector): number {
  let n = 0;
  while (n < ids.length && isCovered(known, ids[n] as ItemId)) n++;
  return n;
}
