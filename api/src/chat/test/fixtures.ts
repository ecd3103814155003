import { randomInt } from 'node:crypto';
import type { ProfileInput, TicketDto, UserDto } from '@ecu/shared';
import type { ChatLoadPayload } from '@ecu/shared/chat/payload';
import { and, asc, eq, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../db/client';
import { chatDocs, chatMessages, chatUpdates } from '../../db/schema';
import { adminUser, PASSWORD, PROFILE, type TestUser, uniqueEmail, verifiedUser } from '../../test/factories';
import { ApiClient } from '../../test/http-client';
import { verificationLinkIn } from '../../test/smtp-sink';
import type { TestServer } from '../../test/test-server';
import { submitTicket } from '../../test/ticket-helpers';
import { loadChatState } from '../persistence';

export interface ChatSetup {
  tuner: TestUser;
  admin: TestUser;
  ticket: TicketDto;
}

/** A verified tuner with a ticket, and the server's admin. */
export async function chatSetup(server: TestServer, admin?: TestUser): Promise<ChatSetup> {
  const tuner = await verifiedUser(server);
  const { ticket } = await submitTicket(tuner.client);
  return { tuner, admin: admin ?? (await adminUser(server)), ticket };
}

/** The same browser (cookies, IP) talking to another server of the same database. */
export function onServer(client: ApiClient, server: TestServer): ApiClient {
  const moved = new ApiClient(server.url, client.ip);
  for (const [k, v] of client.cookies) moved.cookies.set(k, v);
  return moved;
}

/** GET /api/chat/{n}: the load payload; fails unless it answers 200. */
export async function loadPayload(client: ApiClient, ticketNumber: number): Promise<ChatLoadPayload> {
  const res = await client.get<ChatLoadPayload>(`/api/chat/${ticketNumber}`);
  if (res.status !== 200) throw new Error(`GET /api/chat/${ticketNumber}: ${res.status} ${res.text}`);
  return res.body.data;
}

/**
 * The chat as stored: the chat_docs snapshot with every appended update applied, read as a
 * room loads it (one statement: a compaction running meanwhile cannot split the read).
 */
export async function storedDoc(db: Db, ticketId: string): Promise<Y.Doc> {
  return docOf((await loadChatState(db, ticketId)).updates);
}

/** A doc with `updates` applied in order. */
export function docOf(updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
}

export function appendedUpdates(db: Db, ticketId: string) {
  return db.select().from(chatUpdates).where(eq(chatUpdates.ticketId, ticketId)).orderBy(asc(chatUpdates.id));
}

export async function hasSnapshot(db: Db, ticketId: string): Promise<boolean> {
  return (await db.select().from(chatDocs).where(eq(chatDocs.ticketId, ticketId))).length === 1;
}

export async function indexedMessage(db: Db, ticketId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.ticketId, ticketId), eq(chatMessages.id, messageId)));
  return row;
}

/**
 * Locks chat_updates until release(): appends wait, reads go on (on PGlite, whose one
 * connection the transaction holds, every query waits). With `readers: true` reads wait too.
 * `beforeCommit` runs in the same transaction after release(), as another process's work
 * that commits with the lock.
 */
export async function holdUpdatesTable(
  db: Db,
  options: { readers?: boolean; beforeCommit?: (tx: Db) => Promise<void> } = {},
): Promise<{ release: () => void; held: Promise<void> }> {
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const mode = options.readers ? sql`access exclusive` : sql`exclusive`;
  const held = db.transaction(async (tx) => {
    await tx.execute(sql`lock table chat_updates in ${mode} mode`);
    locked();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await options.beforeCommit?.(tx as unknown as Db);
  });
  await isLocked;
  return { release, held };
}

/** Polls `check` until it holds (an async condition on the server's side). */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Condition not met within ${ms} ms`);
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A verified user from a random client IP. With REDIS_URL the per-IP sign-up limits live in
 * the shared Redis, where the factories' fixed IP sequence would add up over repeated runs.
 */
export async function verifiedUserFromRandomIp(
  server: TestServer,
  profile: ProfileInput = PROFILE,
): Promise<TestUser> {
  const client = new ApiClient(server.url, `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`);
  const email = uniqueEmail('redis');
  const step = async <T>(path: string, body: unknown, status: number): Promise<T> => {
    const res = await client.post<T>(path, body);
    if (res.status !== status) throw new Error(`${path}: expected ${status}, got ${res.status}: ${res.text}`);
    return res.body.data;
  };
  await step('/api/auth/signup', { email, password: PASSWORD, confirmPassword: PASSWORD }, 201);
  await step('/api/auth/onboarding', profile, 200);
  const link = verificationLinkIn(await server.smtp.nextMail(email));
  const user = await step<UserDto>('/api/auth/signup-verify', { token: link.token, email: link.email }, 200);
  return { client, email, password: PASSWORD, user };
}
