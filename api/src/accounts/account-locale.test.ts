import type { UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, newClient, PASSWORD, signUpUser, uniqueEmail, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket } from '../test/ticket-helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function signUp(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const client = newClient(server);
  const email = uniqueEmail();
  const res = await client.post<UserDto>(
    '/api/auth/signup',
    { email, password: PASSWORD, confirmPassword: PASSWORD, ...body },
    { headers },
  );
  return { res, client };
}

describe("an account's language", () => {
  it.each([
    [{ locale: 'tr' }, {}, 'tr'],
    [{ locale: 'ar' }, { 'accept-language': 'de-DE,de;q=0.9' }, 'ar'],
    [{}, { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' }, 'pl'],
    [{}, { 'accept-language': 'pt-BR,ja;q=0.5' }, 'en'],
    [{}, {}, 'en'],
  ])('is the sign-up screen’s %j, else the Accept-Language %j: %s', async (body, headers, expected) => {
    const { res, client } = await signUp(body, headers);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.locale).toBe(expected);
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.locale).toBe(expected);
  });

  it('refuses a sign-up in a language the portal does not speak, and makes no account', async () => {
    const { res, client } = await signUp({ locale: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Choose one of the portal's languages");
    expect((await client.get('/api/auth/getMe')).status).toBe(401);
  });

  it('is changed by its owner, before onboarding too, and the next sign-in brings it back', async () => {
    const fresh = await signUpUser(server);
    const saved = await fresh.client.put<UserDto>('/api/auth/locale', { locale: 'de' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: 'Language saved', data: { locale: 'de' } });

    const tuner = await verifiedUser(server);
    expect((await tuner.client.put<UserDto>('/api/auth/locale', { locale: 'it' })).body.data.locale).toBe(
      'it',
    );
    const again = newClient(server);
    const login = await again.post<UserDto>('/api/auth/login', {
      email: tuner.email,
      password: tuner.password,
    });
    expect(login.body.data.locale).toBe('it');
  });

  it.each([[{ locale: 'klingon' }], [{ locale: 7 }], [{ locale: null }], [{}], ['not json']])(
    'answers 400 for %j and keeps the language',
    async (body) => {
      const tuner = await verifiedUser(server);
      const res = await tuner.client.put('/api/auth/locale', body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.success).toBe(false);
      expect((await tuner.client.get<UserDto>('/api/auth/getMe')).body.data.locale).toBe('en');
    },
  );

  it('answers 401 without a session', async () => {
    const res = await newClient(server).put('/api/auth/locale', { locale: 'fr' });
    expect(res.status).toBe(401);
  });
});

describe("e-mails in the recipient's language", () => {
  it('a German sign-up gets its verification link in German, marked as German', async () => {
    const { client } = await signUp({ locale: 'de' });
    const email = (await client.get<UserDto>('/api/auth/getMe')).body.data.email;
    const mail = await server.smtp.nextMail(email);
    expect(mail.subject).toBe('ECU Portal: Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Der Link ist 24 Stunden gültig und funktioniert einmal.');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.html).toContain('>E-Mail bestätigen</a>');
  });

  it('a Polish account gets its password reset code in Polish; an Arabic one right to left', async () => {
    for (const [locale, subject, dir] of [
      ['pl', 'ECU Portal: Twój kod do zresetowania hasła to ', 'ltr'],
      ['ar', 'ECU Portal: رمز إعادة تعيين كلمة المرور هو ', 'rtl'],
    ] as const) {
      const tuner = await verifiedUser(server);
      await tuner.client.put('/api/auth/locale', { locale });
      const asked = await newClient(server).post('/api/auth/password-reset/request', { email: tuner.email });
      expect(asked.status, asked.text).toBe(200);
      const mail = await server.smtp.nextMail(tuner.email);
      expect(mail.subject.startsWith(subject), mail.subject).toBe(true);
      expect(mail.subject.slice(subject.length)).toMatch(/^\d{6}$/);
      expect(mail.html).toContain(`<html lang="${locale}" dir="${dir}">`);
    }
  });

  it("a Turkish tuner's file-ready mail is in Turkish, with its rating links' stars", async () => {
    const admin = await adminUser(server);
    const tuner = await verifiedUser(server);
    await tuner.client.put('/api/auth/locale', { locale: 'tr' });
    const { ticket } = await submitTicket(tuner.client);
    await setStatus(admin.client, ticket._id, 'Unlocked');
    const mail = await server.smtp.nextMail(tuner.email, 15_000);
    expect(mail.subject).toBe(`ECU Portal: talep ${ticket.ticketNumber}: düzenlenmiş dosyanız hazır`);
    expect(mail.text).toContain(`${ticket.ticketNumber} numaralı talebin durumu artık: Kilidi açıldı.`);
    expect(mail.text).toContain('Bu dosyayı puanlayın:\n1 yıldız: ');
    expect(mail.html).toContain('aria-label="5 yıldız"');
  });
});
