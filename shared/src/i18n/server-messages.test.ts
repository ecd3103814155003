import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, signUpSchema } from '../accounts/schemas';
import { profileSchema } from '../profile/schemas';
import { TICKET_MESSAGES } from '../tickets/schemas';
import { LOCALES, type Locale } from './locales';
import { en } from './server/en';
import { fieldMessageIn, priceDifferenceIn, type ServerMessageId, serverMessages } from './server-messages';

const IDS = Object.keys(en) as ServerMessageId[];

/** The placeholders a message fills in ({brand}, {otp}, the plural's {count}), sorted. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1] as string))].sort();
}

describe('the server catalogues', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s fills in what English fills in, for every message',
    async (locale) => {
      const catalogue = (await import(`./server/${locale}.ts`))[locale] as Record<string, string>;
      for (const id of IDS) {
        expect(catalogue[id], `${locale} ${id}`).toBeTruthy();
        expect(placeholders(catalogue[id] as string), `${locale} ${id}`).toEqual(placeholders(en[id]));
      }
    },
  );

  it.each(LOCALES)('%s: every message renders with its values and leaves no brace', (locale) => {
    const t = serverMessages(locale);
    const values = { brand: 'ECU Portal', otp: '123456', link: 'https://x.test/a', ticketNumber: '100123' };
    for (const id of IDS) {
      const text = t(id, {
        ...values,
        count: 2,
        about: 'x',
        status: 'y',
        customer: 'Ann',
        stars: 'z',
        comment: 'c',
      });
      expect(text, `${locale} ${id}`).not.toMatch(/[{}]/);
      expect(text.length, `${locale} ${id}`).toBeGreaterThan(0);
    }
  });
});

describe('server messages', () => {
  it.each<[Locale, number, string]>([
    ['en', 1, '1 star'],
    ['en', 2, '2 stars'],
    ['de', 1, '1 Stern'],
    ['de', 4, '4 Sterne'],
    ['pl', 1, '1 gwiazdka'],
    ['pl', 3, '3 gwiazdki'],
    ['pl', 5, '5 gwiazdek'],
    ['tr', 2, '2 yıldız'],
    ['ar', 1, 'نجمة واحدة'],
    ['ar', 2, 'نجمتان'],
    ['ar', 3, '3 نجوم'],
    ['ar', 11, '11 نجمة'],
  ])('%s: %i stars read "%s"', (locale, count, expected) => {
    expect(serverMessages(locale)('stars', { count })).toBe(expected);
  });

  it.each<[unknown, string]>([
    ['de', 'Bestätigen Sie Ihre E-Mail-Adresse'],
    ['tr', 'E-posta adresinizi doğrulayın'],
    ['xx', 'Verify your email address'],
    [null, 'Verify your email address'],
  ])('an account in %j reads "%s"', (locale, expected) => {
    expect(serverMessages(locale)('mail.verify.title')).toBe(expected);
  });

  it('puts values in as given, never as markup it made', () => {
    expect(serverMessages('en')('mail.reset.subject', { brand: 'ECU Portal', otp: '<b>1</b>' })).toBe(
      'ECU Portal: your password reset code is <b>1</b>',
    );
  });
});

describe("the shared schemas' validation texts", () => {
  it("are said in the reader's language; English and unknown texts stay as written", () => {
    const de = serverMessages('de');
    const issues = signUpSchema.safeParse({ email: '', password: 'x', confirmPassword: 'y' }).error!.issues;
    const texts = issues.map((i) => i.message);
    expect(texts.map((m) => fieldMessageIn(de, m))).toEqual([
      'E-Mail-Adresse ist erforderlich',
      'Das Passwort muss mindestens 8 Zeichen lang sein',
      'Die Passwörter stimmen nicht überein',
    ]);
    for (const text of [...texts, COMMON_PASSWORD_MESSAGE, ...Object.values(TICKET_MESSAGES)]) {
      expect(fieldMessageIn(serverMessages('en'), text)).toBe(text);
      expect(fieldMessageIn(serverMessages('pl'), text)).not.toBe(text);
    }
    const profile = profileSchema.safeParse({ country: 'XX' }).error!.issues.map((i) => i.message);
    expect(profile.map((m) => fieldMessageIn(serverMessages('fr'), m))).toEqual([
      'Le prénom est obligatoire',
      'Le nom est obligatoire',
      'Choisissez un pays dans la liste',
      'La ville est obligatoire',
      'Le code postal est obligatoire',
      'L’adresse est obligatoire',
    ]);
    expect(fieldMessageIn(de, 'Something no catalogue holds')).toBe('Something no catalogue holds');
  });

  it("price changes read as before in English ('+2 credits', '−1 credit')", () => {
    const t = serverMessages('en');
    expect([2, 1, 0, -1, -3].map((d) => priceDifferenceIn(t, d))).toEqual([
      '+2 credits',
      '+1 credit',
      'No change in price',
      '−1 credit',
      '−3 credits',
    ]);
  });
});
