import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { CHAT_PATH } from '@ecu/shared/chat/protocol';
import type { WebSocketServer } from 'ws';
import type { AppDeps } from '../http/context';
import { chatAccess } from './access';
import type { ChatHub } from './hub';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
};
/** Chat sockets an account may hold open (or be opening) at once in one process. */
export const CHAT_SOCKETS_PER_ACCOUNT = 200;
/** Largest websocket message accepted: a few messages of 2,000 characters, with room to spare. */
export const CHAT_MAX_PAYLOAD = 256 * 1024;

function refuse(socket: Duplex, status: number, message: string) {
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return headers;
}

/** A browser's Origin must be ours (or the dev server's); `null` is refused. */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  trusted: string[],
): boolean {
  if (origin === undefined) return true; // not a browser: cross-site hijacking needs one
  if (trusted.includes(origin)) return true;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/**
 * Takes the websocket upgrades for `/api/chat/{ticketNumber}` on the API's HTTP server. The
 * Origin, the session and the ticket are checked before the socket opens; a refusal is a
 * plain HTTP answer, so nothing of the chat is ever sent to the refused.
 */
export function attachChatServer(server: Server, deps: AppDeps, hub: ChatHub) {
  // ws is loaded with the first chat socket allowed, not at start: a process that serves no
  // chat never holds it (docs/decisions/029-start-and-memory.md).
  let wss: Promise<WebSocketServer> | undefined;
  const webSocketServer = () =>
    (wss ??= import('ws').then(
      ({ WebSocketServer }) => new WebSocketServer({ noServer: true, maxPayload: CHAT_MAX_PAYLOAD }),
    ));
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith(`${CHAT_PATH}/`)) return refuse(socket, 404, 'Not found');
    socket.on('error', () => socket.destroy());
    void (async () => {
      if (!originAllowed(req.headers.origin, req.headers.host, deps.config.trustedOrigins)) {
        return refuse(socket, 403, 'This request came from another site and was refused');
      }
      const checkedAt = hub.changeMark();
      const access = await chatAccess(deps, headersOf(req), path.slice(CHAT_PATH.length + 1));
      if (!access.ok) return refuse(socket, access.status, access.message);
      if (socket.destroyed) return;
      // Taken with no await since the count: parallel upgrades cannot all pass the cap.
      const release = hub.reserve(access.user.id, CHAT_SOCKETS_PER_ACCOUNT);
      if (!release) return refuse(socket, 429, 'Too many chat connections. Please try again in a minute.');
      // The place is the TCP connection's: it is given back however that ends (refused, or the chat closed).
      socket.once('close', release);
      const sockets = await webSocketServer();
      if (socket.destroyed) return;
      sockets.handleUpgrade(req, socket, head, (ws) => {
        void hub.connect(ws, access.user, access.ticket, req.headers.cookie, checkedAt);
      });
    })().catch((err) => {
      deps.logger.error('Chat upgrade failed:', err);
      refuse(socket, 503, 'The chat is unavailable');
    });
  };
  server.on('upgrade', onUpgrade);
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      await hub.close();
      (await wss)?.close();
    },
  };
}
