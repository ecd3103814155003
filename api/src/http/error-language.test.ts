import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, PASSWORD, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { postTicket, submitTicket, ticketFields } from '../test/ticket-helpers';

/**
 * The API's errors in the request's language (docs/decisions/093-languages.md): the signed-in
 * account's, else Accept-Language; English, the spec's words, when neither names another.
 */
let server: TestServer;
let german: TestUser;
let english: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [german, english] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
  expect((await german.client.put('/api/auth/locale', { locale: 'de' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

const DE = { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } };
const FR = { headers: { 'accept-language': 'fr-FR' } };

describe("a German account's errors", () => {
  it('are German for a ticket that is not there, whatever the browser asks for', async () => {
    const res = await german.client.get('/api/ecuFile/getTicketDetails/999999', FR);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'Ticket nicht gefunden',
      errors: [],
      code: 'not_found',
    });
  });

  it("are German in the wizard's validation, the message and each field's", async () => {
    const res = await postTicket(german.client, {
      ...ticketFields({ transmission: undefined }),
      ecuFileUploadId: 'no-such-upload-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Bitte wählen Sie ein Getriebe');
    expect(res.body.errors).toContainEqual({
      path: 'transmission',
      message: 'Bitte wählen Sie ein Getriebe',
    });
  });

  it('are German when the tuned file may not be downloaded yet', async () => {
    const { ticket } = await submitTicket(german.client);
    const res = await german.client.post('/api/ecuFile/isEligibleToDownload', {
      ticketNumber: ticket.ticketNumber,
    });
    expect(res.body.data).toEqual({ eligible: false, message: 'Sie dürfen diese Datei nicht herunterladen' });
  });

  it("keep an English account's words as they were", async () => {
    const res = await english.client.get('/api/ecuFile/getTicketDetails/999999', DE);
    expect(res.body).toEqual({ success: false, message: 'Ticket not found', errors: [], code: 'not_found' });
    const { ticket } = await submitTicket(english.client);
    const eligible = await english.client.post('/api/ecuFile/isEligibleToDownload', {
      ticketNumber: ticket.ticketNumber,
    });
    expect(eligible.body.data).toEqual({
      eligible: false,
      message: 'You are not eligible to download this file',
    });
  });
});

describe("a signed-out browser's errors follow its Accept-Language", () => {
  it('asks to sign in, in German', async () => {
    const res = await newClient(server).get('/api/ecuFile/my-files', DE);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Bitte melden Sie sich an, um fortzufahren');
  });

  it('refuses a sign-in form and a wrong password in German', async () => {
    const client = newClient(server);
    const empty = await client.post('/api/auth/login', { email: '', password: '' }, DE);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('E-Mail-Adresse ist erforderlich');
    expect(empty.body.errors).toContainEqual({ path: 'email', message: 'E-Mail-Adresse ist erforderlich' });
    expect(empty.body.errors).toContainEqual({ path: 'password', message: 'Passwort ist erforderlich' });
    const wrong = await client.post(
      '/api/auth/login',
      { email: english.email, password: `${PASSWORD}x` },
      DE,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('E-Mail oder Passwort ungültig');
  });

  it("refuses a sign-up's short, mismatched password in German", async () => {
    const res = await newClient(server).post(
      '/api/auth/signup',
      { email: 'neu@ecu.test', password: 'kurz', confirmPassword: 'anders' },
      DE,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      path: 'password',
      message: 'Das Passwort muss mindestens 8 Zeichen lang sein',
    });
  });

  it('is English, word for word, without a language the portal speaks', async () => {
    const client = newClient(server);
    const signedOut = await client.get('/api/ecuFile/my-files', { headers: { 'accept-language': 'ja-JP' } });
    expect(signedOut.body).toEqual({
      success: false,
      message: 'Please sign in to continue',
      errors: [],
      code: 'unauthorized',
    });
    const empty = await client.post('/api/auth/login', { email: '', password: '' });
    expect(empty.body.message).toBe('Email is required');
    expect(empty.body.errors).toContainEqual({ path: 'password', message: 'Password is required' });
    const wrong = await client.post('/api/auth/login', { email: english.email, password: `${PASSWORD}x` });
    expect(wrong.body).toEqual({
      success: false,
      message: 'Invalid email or password',
      errors: [],
      code: 'invalid_credentials',
    });
  });
});
