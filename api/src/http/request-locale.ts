import { asLocale, type Locale, negotiateLocale } from '@ecu/shared';
import { serverMessages, type Translate } from '@ecu/shared/i18n/server-messages';
import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * The language to answer a request in (docs/decisions/093-languages.md): the signed-in account's,
 * else the browser's Accept-Language; English when neither names one of the portal's.
 */
export function requestLocale(c: Context): Locale {
  // Any app's context: a route's error handler may run in one without the user variable.
  const user = (c.var as Partial<AppEnv['Variables']>).user;
  if (user) return asLocale(user.locale);
  return negotiateLocale(c.req.header('accept-language'));
}

/** The server's messages in the request's language. */
export function requestMessages(c: Context): Translate {
  return serverMessages(requestLocale(c));
}
