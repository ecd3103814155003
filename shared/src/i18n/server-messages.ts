import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, intlTag, isLocale, type Locale } from './locales';
import { ar } from './server/ar';
import { de } from './server/de';
import { en, type ServerCatalogue, type ServerMessageId } from './server/en';
import { es } from './server/es';
import { fr } from './server/fr';
import { it } from './server/it';
import { pl } from './server/pl';
import { tr } from './server/tr';

export type { ServerMessageId };

/**
 * The server's catalogues, one per language: each must hold every message of English's
 * (TypeScript checks it: a missing or extra key fails `pnpm typecheck`).
 */
const CATALOGUES: Readonly<Record<Locale, ServerCatalogue>> = { en, de, fr, es, it, pl, tr, ar };

const instances = new Map<Locale, I18n>();

/** Lingui compiles a message on first use on the server (no build step for the API's catalogues). */
function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.load(locale, { ...CATALOGUES[locale] });
    i18n.activate(locale, [intlTag(locale), 'en-GB']);
    instances.set(locale, i18n);
  }
  return i18n;
}

export type Translate = (id: ServerMessageId, values?: Record<string, string | number>) => string;

/**
 * A message by its id and values, said in the reader's language where it is answered: an API
 * error carries one and the error handler renders it in the request's language.
 */
export interface Said {
  readonly id: ServerMessageId;
  readonly values?: Readonly<Record<string, string | number>>;
}

export const said = (id: ServerMessageId, values?: Said['values']): Said => ({ id, values });

/** The English texts of the shared schemas' validation messages ('field.*'), to their ids. */
let fieldIds: Map<string, ServerMessageId> | undefined;

/**
 * A field's validation text, written in English by a shared zod schema (the browser checks the
 * same schemas), in `t`'s language; a text the catalogues do not hold stays as it is.
 */
export function fieldMessageIn(t: Translate, text: string): string {
  fieldIds ??= new Map(
    (Object.keys(en) as ServerMessageId[]).filter((id) => id.startsWith('field.')).map((id) => [en[id], id]),
  );
  const id = fieldIds.get(text);
  return id ? t(id) : text;
}

/**
 * The server's messages in `locale` (an account's stored language; anything else is English):
 * e-mails and, later, pushes and PDFs in the recipient's language (docs/decisions/093-languages.md).
 */
export function serverMessages(locale: unknown): Translate {
  const i18n = i18nFor(isLocale(locale) ? locale : DEFAULT_LOCALE);
  return (id, values) => i18n._(id, values);
}

/** A ticket status in the reader's language; one the catalogues do not name stays as it is. */
export function statusIn(t: Translate, status: string): string {
  const id = `status.${status}`;
  return Object.hasOwn(en, id) ? t(id as ServerMessageId) : status;
}

/** A counter-offer's price change in the reader's language: '+2 credits', '−1 credit', 'No change in price'. */
export function priceDifferenceIn(t: Translate, difference: number): string {
  if (difference === 0) return t('credits.noChange');
  return t(difference > 0 ? 'credits.more' : 'credits.less', { count: Math.abs(difference) });
}
