import { chatMetaOf, chatPeopleOf, chatReadsOf } from '@ecu/shared/chat/doc';
import { CHAT_CLOSE, MESSAGE_ACK, MESSAGE_READ } from '@ecu/shared/chat/protocol';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';

/**
 * A chat server in memory for the web tests: y-websocket's sync protocol by hand (sync
 * step 1 / step 2 / update, awareness relayed), plus MESSAGE_ACK and MESSAGE_READ as
 * docs/decisions/022-chat-on-yjs.md has them. Sockets are FakeSocket, handed to the
 * provider as its WebSocket.
 */
export class FakeChatServer {
  readonly doc = new Y.Doc();
  readonly sockets: FakeSocket[] = [];
  /** Updates applied from clients (to count deliveries). */
  readonly received: Uint8Array[] = [];
  /** MESSAGE_READ counts by connection user. */
  readonly reads: { userId: string; count: number }[] = [];
  /** Sockets open at once (false: they stay connecting until `open`). */
  autoOpen = true;
  /** Decides on each client update; a refusal closes the socket with 4400 (or the code and reason given). */
  refuse: (update: Uint8Array) => boolean | { code: number; reason: string } = () => false;

  constructor(
    ownerId: string,
    people: Record<string, { firstName: string; lastName: string; role: 'user' | 'admin' }>,
  ) {
    this.doc.transact(() => {
      chatMetaOf(this.doc).set('ownerId', ownerId);
      for (const [id, person] of Object.entries(people)) chatPeopleOf(this.doc).set(id, person);
    }, 'server');
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      for (const socket of this.openSockets()) {
        if (socket !== origin) socket.deliver(syncMessage(2, update));
      }
    });
  }

  /** The WebSocket class for one user's provider. */
  socketClass(userId: string): typeof WebSocket {
    const server = this;
    return class extends FakeSocket {
      constructor(url: string) {
        super(server, userId, url);
      }
    } as unknown as typeof WebSocket;
  }

  openSockets(): FakeSocket[] {
    return this.sockets.filter((s) => s.readyState === 1);
  }

  open(socket: FakeSocket): void {
    socket.readyState = 1;
    socket.onopen?.({});
  }

  /** The server ends a connection with a close code. */
  drop(socket: FakeSocket, code: number, reason = ''): void {
    if (socket.readyState === 3) return;
    socket.readyState = 3;
    socket.onclose?.({ code, reason });
  }

  handle(socket: FakeSocket, data: Uint8Array): void {
    const reader = decoding.createDecoder(data);
    const type = decoding.readVarUint(reader);
    if (type === 0) {
      const step = decoding.readVarUint(reader);
      const payload = decoding.readVarUint8Array(reader);
      if (step === 0) {
        socket.deliver(syncMessage(1, Y.encodeStateAsUpdate(this.doc, payload)));
        socket.deliver(syncMessage(0, Y.encodeStateVector(this.doc)));
        return;
      }
      const refusal = this.refuse(payload);
      if (refusal) {
        if (refusal === true) this.drop(socket, CHAT_CLOSE.refusedUpdate);
        else this.drop(socket, refusal.code, refusal.reason);
        return;
      }
      this.received.push(payload);
      Y.applyUpdate(this.doc, payload, socket);
      const ack = encoding.createEncoder();
      encoding.writeVarUint(ack, MESSAGE_ACK);
      encoding.writeVarUint8Array(ack, Y.encodeStateVector(this.doc));
      socket.deliver(encoding.toUint8Array(ack));
    } else if (type === 1) {
      for (const other of this.openSockets()) if (other !== socket) other.deliver(data);
    } else if (type === MESSAGE_READ) {
      const count = decoding.readVarUint(reader);
      this.reads.push({ userId: socket.userId, count });
      const reads = chatReadsOf(this.doc);
      if (count > (reads.get(socket.userId) ?? 0))
        this.doc.transact(() => reads.set(socket.userId, count), 'server');
    }
  }
}

function syncMessage(step: number, payload: Uint8Array): Uint8Array {
  const out = encoding.createEncoder();
  encoding.writeVarUint(out, 0);
  encoding.writeVarUint(out, step);
  encoding.writeVarUint8Array(out, payload);
  return encoding.toUint8Array(out);
}

export class FakeSocket {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'arraybuffer';
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly server: FakeChatServer,
    readonly userId: string,
    readonly url: string,
  ) {
    server.sockets.push(this);
    if (server.autoOpen) setTimeout(() => this.readyState === 0 && server.open(this), 0);
  }

  send(data: Uint8Array): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    const copy = data.slice();
    setTimeout(() => this.readyState === 1 && this.server.handle(this, copy), 0);
  }

  /** Server -> client, after a turn like a network would. */
  deliver(data: Uint8Array): void {
    const buffer = data.slice().buffer;
    setTimeout(() => this.readyState === 1 && this.onmessage?.({ data: buffer }), 0);
  }

  close(): void {
    this.readyState = 3;
  }
}
