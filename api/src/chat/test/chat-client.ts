import { chatMessagesOf } from '@ecu/shared/chat/doc';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { CHAT_PATH, MESSAGE_ACK, MESSAGE_READ } from '@ecu/shared/chat/protocol';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import type { ApiClient } from '../../test/http-client';
import { cookieHeader } from '../../test/ticket-helpers';

export interface ChatClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** The server's state vector from its last ack. */
  acked(): Map<number, number>;
  /** Every ack received, in order. */
  ackLog(): Map<number, number>[];
  messages(): ChatMessage[];
  /** Pushes a message in the client's name (as the web client does). */
  send(text: string, extra?: Partial<ChatMessage>): ChatMessage;
  markRead(count: number): void;
  /** Resolves once `predicate` holds (checked on every doc change), or rejects after `ms`. */
  until(predicate: () => boolean, ms?: number): Promise<void>;
  /**
   * Resolves once the server acknowledged everything this client wrote: stored, and its
   * e-mail and pushes queued (docs/decisions/070-durable-jobs.md).
   */
  untilAcked(ms?: number): Promise<void>;
  /** Resolves with the close event the server ends the socket with. */
  closed(): Promise<{ code: number; reason: string }>;
  destroy(): void;
}

/** The ws URL of a test server's chat (y-websocket appends the room name). */
export function chatBase(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}${CHAT_PATH}`;
}

/**
 * A real y-websocket 3 client in Node, with the browser's cookie and Origin. `doc` can be
 * given to model a client that kept its state (IndexedDB) across a reconnect.
 */
export function chatClient(
  baseUrl: string,
  api: ApiClient | null,
  userId: string,
  ticketNumber: number,
  options: { doc?: Y.Doc; origin?: string | null; connect?: boolean } = {},
): ChatClient {
  const doc = options.doc ?? new Y.Doc();
  const headers: Record<string, string> = {};
  const cookie = api ? cookieHeader(api) : '';
  if (cookie) headers.cookie = cookie;
  const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;
  if (origin !== null) headers.origin = origin;
  class BrowserLikeSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  let acked = new Map<number, number>();
  const ackLog: Map<number, number>[] = [];
  let closeEvent: ((e: { code: number; reason: string }) => void) | undefined;
  const closedPromise = new Promise<{ code: number; reason: string }>((resolve) => {
    closeEvent = resolve;
  });
  const provider = new WebsocketProvider(chatBase(baseUrl), String(ticketNumber), doc, {
    WebSocketPolyfill: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    connect: options.connect ?? true,
    maxBackoffTime: 200,
  });
  provider.messageHandlers[MESSAGE_ACK] = (_encoder, decoder) => {
    acked = Y.decodeStateVector(decoding.readVarUint8Array(decoder));
    ackLog.push(acked);
  };
  provider.on('connection-close', (event) => {
    if (event) closeEvent?.({ code: event.code, reason: event.reason });
  });
  return {
    doc,
    provider,
    acked: () => acked,
    ackLog: () => ackLog,
    messages: () => chatMessagesOf(doc).toArray(),
    send(text, extra = {}) {
      const message: ChatMessage = {
        id: crypto.randomUUID(),
        senderId: userId,
        text,
        time: Date.now(),
        ...extra,
      };
      chatMessagesOf(doc).push([message]);
      return message;
    },
    markRead(count) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, MESSAGE_READ);
      encoding.writeVarUint(encoder, count);
      provider.ws?.send(encoding.toUint8Array(encoder));
    },
    until(predicate, ms = 5_000) {
      return new Promise((resolve, reject) => {
        if (predicate()) return resolve();
        const timer = setTimeout(() => {
          doc.off('update', check);
          clearInterval(poll);
          reject(new Error('Timed out waiting for the chat'));
        }, ms);
        const poll = setInterval(() => check(), 25);
        function check() {
          if (!predicate()) return;
          clearTimeout(timer);
          clearInterval(poll);
          doc.off('update', check);
          resolve();
        }
        doc.on('update', check);
      });
    },
    untilAcked(ms) {
      const written = Y.getState(doc.store, doc.clientID);
      return this.until(() => (acked.get(doc.clientID) ?? 0) >= written, ms);
    },
    closed: () => closedPromise,
    destroy() {
      provider.destroy();
      if (!options.doc) doc.destroy();
    },
  };
}

/** A raw upgrade to the chat: the HTTP status of a refusal, or 101 when a socket opened. */
export function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.terminate();
    });
    ws.on('error', (err) => {
      if (!String(err.message).includes('Unexpected server response')) reject(err);
    });
  });
}
