import { CANNED_REPLIES_MAX, type CannedReplyDto } from '@ecu/shared/chat/canned-replies';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannedReplies } from '../db/schema';
import { adminUser, engineerUser, newClient, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let admin: TestUser;
let engineer: TestUser;
let customer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, customer] = await Promise.all([adminUser(server), verifiedUser(server)]);
  engineer = await engineerUser(server);
});
afterAll(async () => {
  await server?.close();
});

const NO_SUCH = '00000000-0000-4000-8000-000000000000';

async function listOf(who: TestUser): Promise<CannedReplyDto[]> {
  const res = await who.client.get<CannedReplyDto[]>('/api/admin/canned-replies');
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function add(who: TestUser, title: string, body: string): Promise<CannedReplyDto> {
  const res = await who.client.post<CannedReplyDto>('/api/admin/canned-replies', { title, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

describe('canned replies', () => {
  it('one shared list: an engineer adds, an admin edits, both read it by title, either deletes', async () => {
    const ready = await add(
      engineer,
      '  Zebra file ready ',
      ' Hi {firstName}, ticket #{ticketNumber} is ready. ',
    );
    expect(ready).toMatchObject({
      title: 'Zebra file ready',
      body: 'Hi {firstName}, ticket #{ticketNumber} is ready.',
    });
    const read = await add(admin, 'ask for a better read', 'Your {vehicle} read looks incomplete.');

    const titles = (await listOf(admin)).map((r) => r.title);
    expect(titles.indexOf('ask for a better read')).toBeLessThan(titles.indexOf('Zebra file ready'));
    expect(await listOf(engineer)).toEqual(await listOf(admin));

    const edited = await admin.client.put<CannedReplyDto>(`/api/admin/canned-replies/${ready.id}`, {
      title: 'Zebra file ready',
      body: 'Hello {customerName}, your file is ready.',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.body).toBe('Hello {customerName}, your file is ready.');
    expect(Date.parse(edited.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(ready.updatedAt));
    expect((await listOf(engineer)).find((r) => r.id === ready.id)?.body).toBe(
      'Hello {customerName}, your file is ready.',
    );

    const gone = await engineer.client.request('DELETE', `/api/admin/canned-replies/${read.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect((await listOf(admin)).map((r) => r.id)).not.toContain(read.id);
    const again = await engineer.client.request('DELETE', `/api/admin/canned-replies/${read.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('No such canned reply');
  });

  it('keeps a version per language under one title: listed by title, any-language first, then by language', async () => {
    const post = (locale: unknown, body: string) =>
      engineer.client.post<CannedReplyDto>('/api/admin/canned-replies', {
        title: 'Ready in your language',
        body,
        locale,
      });
    const any = await post(undefined, 'Your file is ready, {firstName}.');
    const de = await post('de', 'Ihre Datei ist fertig, {firstName}.');
    const ar = await post('ar', 'ملفك جاهز يا {firstName}.');
    for (const res of [any, de, ar]) expect(res.status, res.text).toBe(201);
    expect([any.body.data.locale, de.body.data.locale, ar.body.data.locale]).toEqual([null, 'de', 'ar']);

    const versions = (await listOf(admin)).filter((r) => r.title === 'Ready in your language');
    expect(versions.map((r) => r.locale)).toEqual([null, 'ar', 'de']);

    // An edit may move a version to another language, or to any.
    const moved = await admin.client.put<CannedReplyDto>(`/api/admin/canned-replies/${de.body.data.id}`, {
      title: 'Ready in your language',
      body: 'Ihre Datei ist fertig.',
      locale: 'tr',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.locale).toBe('tr');

    const refused = await post('pt', 'Olá');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("Choose one of the portal's languages");
    for (const r of versions) await admin.client.request('DELETE', `/api/admin/canned-replies/${r.id}`);
  });

  it.each([
    [{ body: 'x' }, 'Give the reply a title'],
    [{ title: 'x', body: '   ' }, 'Write the reply'],
    [{ title: 'x'.repeat(81), body: 'x' }, 'A title is at most 80 characters'],
    [{ title: 'x', body: 'x'.repeat(1501) }, 'A reply is at most 1500 characters'],
    [
      { title: 'x', body: 'Hi {name}, about your {car}' },
      'Unknown placeholders {name}, {car}: use {customerName}, {firstName}, {ticketNumber}, {vehicle}',
    ],
    [{ title: 'x', body: 'nul \u0000' }, 'Text must not contain NUL characters'],
  ])('refuses to add %j: 400 %s', async (payload, message) => {
    const res = await engineer.client.post('/api/admin/canned-replies', payload);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('refuses an edit with a bad body or of no reply, and a body that is no JSON object', async () => {
    const reply = await add(engineer, 'Edit me', 'Hi');
    const bad = await engineer.client.put(`/api/admin/canned-replies/${reply.id}`, {
      title: 'Edit me',
      body: '{Name}',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Unknown placeholder {Name}');
    expect((await listOf(engineer)).find((r) => r.id === reply.id)?.body).toBe('Hi');

    for (const id of [NO_SUCH, 'not-a-uuid']) {
      const res = await engineer.client.put(`/api/admin/canned-replies/${id}`, { title: 'x', body: 'y' });
      expect(res.status, res.text).toBe(404);
      expect(res.body.message).toBe('No such canned reply');
      expect((await engineer.client.request('DELETE', `/api/admin/canned-replies/${id}`)).status).toBe(404);
    }
    const array = await engineer.client.request('POST', '/api/admin/canned-replies', { json: [] });
    expect(array.status).toBe(400);
  });

  it('keeps at most CANNED_REPLIES_MAX replies: one more is a 409', async () => {
    const have = (await listOf(admin)).length;
    await server.deps.db
      .insert(cannedReplies)
      .values(
        Array.from({ length: CANNED_REPLIES_MAX - have }, (_, i) => ({ title: `Filler ${i}`, body: 'x' })),
      );
    const res = await admin.client.post('/api/admin/canned-replies', { title: 'One too many', body: 'x' });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toBe(
      `The desk keeps at most ${CANNED_REPLIES_MAX} canned replies: delete one first`,
    );
    expect(await listOf(admin)).toHaveLength(CANNED_REPLIES_MAX);
    await server.deps.db.delete(cannedReplies).where(like(cannedReplies.title, 'Filler %'));
  });

  it("is never a customer's: every call is 403 and carries no reply", async () => {
    const reply = await add(admin, 'Secret-ish', 'CANNED-7f2e: hello {firstName}');
    const calls = [
      customer.client.get('/api/admin/canned-replies'),
      customer.client.post('/api/admin/canned-replies', { title: 'x', body: 'y' }),
      customer.client.put(`/api/admin/canned-replies/${reply.id}`, { title: 'x', body: 'y' }),
      customer.client.request('DELETE', `/api/admin/canned-replies/${reply.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'not_admin' });
      expect(res.text).not.toContain('CANNED-');
    }
    expect((await newClient(server).get('/api/admin/canned-replies')).status).toBe(401);
    const sync = await customer.client.get('/api/sync');
    expect(sync.status).toBe(200);
    expect(sync.text).not.toContain('CANNED-');
    expect((await listOf(admin)).find((r) => r.id === reply.id)?.title).toBe('Secret-ish');
  });
});
