import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { adminUser, engineerUser, newClient, type TestUser, verifiedUser } from '../test/factories';
import { type FakeTranslate, startFakeTranslate } from '../test/fake-translate';
import { ApiClient } from '../test/http-client';
import { openTestDatabase } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import { libreTranslate } from './providers';
import { TRANSLATE_RATE } from './routes';

const LIBRE_KEY = 'libre-key-123';
const DEEPL_KEY = 'deepl-key-456:fx';
// One secret for the three servers: a session of one is a session of the others.
const AUTH_SECRET = 'translation-test-secret-'.padEnd(40, 'x');

let database: Database;
let libre: FakeTranslate;
let deepl: FakeTranslate;
let libreServer: TestServer;
let deeplServer: TestServer;
let offServer: TestServer;
let chat: { tuner: TestUser; admin: TestUser; ticket: { ticketNumber: number } };

/** The same browser (cookies, IP) on another server of the same database. */
function onServer(client: ApiClient, server: TestServer): ApiClient {
  const moved = new ApiClient(server.url, client.ip);
  for (const [k, v] of client.cookies) moved.cookies.set(k, v);
  return moved;
}

beforeAll(async () => {
  database = await openTestDatabase();
  [libre, deepl] = await Promise.all([startFakeTranslate('libretranslate'), startFakeTranslate('deepl')]);
  libreServer = await startTestServer({
    database,
    env: {
      AUTH_SECRET,
      TRANSLATE_PROVIDER: 'libretranslate',
      TRANSLATE_URL: libre.url,
      TRANSLATE_API_KEY: LIBRE_KEY,
    },
  });
  deeplServer = await startTestServer({
    database,
    env: { AUTH_SECRET, TRANSLATE_PROVIDER: 'deepl', TRANSLATE_URL: deepl.url, TRANSLATE_API_KEY: DEEPL_KEY },
  });
  offServer = await startTestServer({ database, env: { AUTH_SECRET } });
  const tuner = await verifiedUser(libreServer);
  const { ticket } = await submitTicket(tuner.client);
  chat = { tuner, admin: await adminUser(libreServer), ticket };
  const res = await chat.tuner.client.put('/api/auth/locale', { locale: 'de' });
  expect(res.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await Promise.all([libreServer?.close(), deeplServer?.close(), offServer?.close()]);
  await Promise.all([libre?.close(), deepl?.close()]);
  await database?.close();
});

const translate = (client: ApiClient, text: string, extra: Record<string, unknown> = {}) =>
  client.post<{ text: string; target: string }>('/api/chat/translate', {
    ticketNumber: chat.ticket.ticketNumber,
    text,
    ...extra,
  });

describe('with LibreTranslate configured', () => {
  it('says so in the public configuration, without its URL or key', async () => {
    const res = await newClient(libreServer).get('/api/public-config');
    expect(res.status).toBe(200);
    expect(res.body.data.chatTranslation).toBe(true);
    expect(res.text).not.toContain(LIBRE_KEY);
    expect(res.text).not.toContain(libre.url);
  });

  it("translates into the owner's account language, asking the provider once for a repeated text", async () => {
    const before = libre.calls.length;
    const first = await translate(chat.tuner.client, 'Hello there');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ text: '[de] Hello there', target: 'de' });
    expect(libre.calls.length).toBe(before + 1);
    const call = libre.calls.at(-1)!;
    expect(call.path).toBe('/translate');
    expect(call.body).toEqual({
      q: 'Hello there',
      source: 'auto',
      target: 'de',
      format: 'text',
      api_key: LIBRE_KEY,
    });
    const again = await translate(chat.tuner.client, 'Hello there');
    expect(again.body.data).toEqual({ text: '[de] Hello there', target: 'de' });
    expect(libre.calls.length).toBe(before + 1);
  });

  it('takes another target language of ours when asked', async () => {
    const res = await translate(chat.tuner.client, 'Hello there', { target: 'fr' });
    expect(res.body.data).toEqual({ text: '[fr] Hello there', target: 'fr' });
  });

  it('answers staff (admin and engineer) in their own language', async () => {
    const admin = await translate(chat.admin.client, 'Guten Tag');
    expect(admin.status).toBe(200);
    expect(admin.body.data).toEqual({ text: '[en] Guten Tag', target: 'en' });
    const engineer = await engineerUser(libreServer);
    expect((await translate(engineer.client, 'Guten Tag')).status).toBe(200);
  });

  it('tells another customer, and a missing ticket, that there is no such ticket (404), asking nobody', async () => {
    const before = libre.calls.length;
    const stranger = await verifiedUser(libreServer);
    const res = await translate(stranger.client, 'A secret');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
    const missing = await chat.tuner.client.post('/api/chat/translate', {
      ticketNumber: 99_999_999,
      text: 'Hi',
    });
    expect(missing.status).toBe(404);
    expect(libre.calls.length).toBe(before);
  });

  it('refuses a signed-out caller (401) and a text over the message limit (400)', async () => {
    expect((await translate(newClient(libreServer), 'Hi')).status).toBe(401);
    const long = await translate(chat.tuner.client, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'validation_failed' });
  });

  it('answers a failing provider with a 502 or 503 envelope, never a 500', async () => {
    try {
      libre.failWith = 500;
      const broken = await translate(chat.tuner.client, 'Broken 1');
      expect(broken.status).toBe(502);
      expect(broken.body).toMatchObject({ success: false, code: 'bad_gateway' });
      libre.failWith = 403;
      expect((await translate(chat.tuner.client, 'Broken 2')).status).toBe(502);
      libre.failWith = 429;
      const busy = await translate(chat.tuner.client, 'Broken 3');
      expect(busy.status).toBe(503);
      expect(busy.body).toMatchObject({ code: 'unavailable' });
      expect(busy.headers.get('retry-after')).toBeTruthy();
      // In the reader's language, as every API error (the tuner's account is German).
      expect(busy.body.message).toBe(
        'Der Übersetzungsdienst ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
      );
    } finally {
      libre.failWith = null;
    }
    // A failure is not cached: the next tap asks again.
    expect((await translate(chat.tuner.client, 'Broken 1')).body.data.text).toBe('[de] Broken 1');
  });

  it('limits the provider calls of one account (429), cached answers still served', async () => {
    const reader = await engineerUser(libreServer);
    for (let i = 0; i < TRANSLATE_RATE.limit; i++) {
      expect((await translate(reader.client, `Limit ${i}`)).status).toBe(200);
    }
    const over = await translate(reader.client, 'Limit over');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited' });
    expect((await translate(reader.client, 'Limit 0')).status).toBe(200);
  });
});

describe('with DeepL configured', () => {
  it("sends the key in DeepL's header and the text as its list, and reads its answer", async () => {
    const admin = onServer(chat.admin.client, deeplServer);
    const res = await admin.post('/api/chat/translate', {
      ticketNumber: chat.ticket.ticketNumber,
      text: 'Hallo',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ text: '[EN-GB] Hallo', target: 'en' });
    const call = deepl.calls.at(-1)!;
    expect(call.path).toBe('/v2/translate');
    expect(call.headers.authorization).toBe(`DeepL-Auth-Key ${DEEPL_KEY}`);
    expect(call.body).toEqual({ text: ['Hallo'], target_lang: 'EN-GB' });
    const tuner = onServer(chat.tuner.client, deeplServer);
    const de = await tuner.post('/api/chat/translate', {
      ticketNumber: chat.ticket.ticketNumber,
      text: 'Hi',
    });
    expect(de.body.data).toEqual({ text: '[DE] Hi', target: 'de' });
  });

  it('answers a refused key (403) or a quota used up (456) as 502 and 503', async () => {
    const tuner = onServer(chat.tuner.client, deeplServer);
    try {
      deepl.failWith = 403;
      const refused = await tuner.post('/api/chat/translate', {
        ticketNumber: chat.ticket.ticketNumber,
        text: 'K',
      });
      expect(refused.status).toBe(502);
      deepl.failWith = 456;
      const quota = await tuner.post('/api/chat/translate', {
        ticketNumber: chat.ticket.ticketNumber,
        text: 'Q',
      });
      expect(quota.status).toBe(503);
    } finally {
      deepl.failWith = null;
    }
  });
});

describe('without a provider', () => {
  it('answers 404 and says translation is off in the public configuration', async () => {
    const config = await newClient(offServer).get('/api/public-config');
    expect(config.body.data.chatTranslation).toBe(false);
    const tuner = onServer(chat.tuner.client, offServer);
    const res = await tuner.post('/api/chat/translate', {
      ticketNumber: chat.ticket.ticketNumber,
      text: 'Hi',
    });
    expect(res.status).toBe(404);
    expect((await tuner.get('/api/auth/getMe')).status).toBe(200); // the session works here
    expect(res.body).toMatchObject({ code: 'not_found' });
  });
});

describe('a provider that is down or hangs', () => {
  it('is unavailable (503) when nothing answers, without waiting past the timeout', async () => {
    const hanging = await startFakeTranslate('libretranslate');
    hanging.hang = true;
    const started = Date.now();
    const err = await libreTranslate(hanging.url, undefined, 200)('Hi', 'de').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    await hanging.close();
    const closed = await libreTranslate(hanging.url, undefined, 200)('Hi', 'de').catch((e: unknown) => e);
    expect((closed as AppError).status).toBe(503);
  });

  it('answers 503 through the endpoint once the provider is gone', async () => {
    await libre.close();
    const res = await translate(chat.tuner.client, 'After the end');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'unavailable' });
  });
});
