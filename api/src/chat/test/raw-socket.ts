import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { ApiClient } from '../../test/http-client';
import { cookieHeader } from '../../test/ticket-helpers';
import { chatBase } from './chat-client';

const MESSAGE_SYNC = 0;

export interface RawChatSocket {
  ws: WebSocket;
  /** The server's state as this socket received it (never sent back by itself). */
  doc: Y.Doc;
  /** Resolves once the socket is open and the server answered its sync step 1. */
  synced: Promise<void>;
  /** Sends `update` as y-protocols' messageYjsUpdate. */
  sendUpdate(update: Uint8Array): void;
  /** Applies `change` to a copy of the server's state and sends exactly what it changed. */
  forge(change: (doc: Y.Doc) => void): Uint8Array;
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * A websocket that speaks the y-websocket wire format by hand: it pulls the server's state
 * and sends exactly the bytes a test crafts.
 */
export function rawChatSocket(baseUrl: string, api: ApiClient, ticketNumber: number): RawChatSocket {
  const ws = new WebSocket(`${chatBase(baseUrl)}/${ticketNumber}`, {
    headers: { cookie: cookieHeader(api), origin: new URL(baseUrl).origin },
  });
  const doc = new Y.Doc();
  let markSynced!: () => void;
  const synced = new Promise<void>((resolve) => {
    markSynced = resolve;
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on('open', () => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, new Y.Doc());
    ws.send(encoding.toUint8Array(encoder));
  });
  ws.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return;
    const type = syncProtocol.readSyncMessage(decoder, encoding.createEncoder(), doc, 'server');
    if (type === syncProtocol.messageYjsSyncStep2) markSynced();
  });
  const sendUpdate = (update: Uint8Array) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeUpdate(encoder, update);
    ws.send(encoding.toUint8Array(encoder));
  };
  return {
    ws,
    doc,
    synced,
    sendUpdate,
    forge(change) {
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
      const changes: Uint8Array[] = [];
      copy.on('update', (update: Uint8Array) => changes.push(update));
      change(copy);
      copy.destroy();
      if (changes.length === 0) throw new Error('The forged change changed nothing');
      const update = Y.mergeUpdates(changes);
      sendUpdate(update);
      return update;
    },
    closed,
  };
}
