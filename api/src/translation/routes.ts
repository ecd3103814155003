import { asLocale, type Locale } from '@ecu/shared';
import { type ChatTranslation, chatTranslateInputSchema } from '@ecu/shared/chat/translate';
import { Hono } from 'hono';
import { passGates } from '../accounts';
import { chatTicketFor } from '../chat';
import type { Config } from '../config';
import { AppError, notFound, said } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/validate';
import { LruCache } from './cache';
import { PROVIDER_TIMEOUT_MS, providerClient, type TranslateText } from './providers';

/** Provider calls per account (cached answers are free): enough for reading a busy chat. */
export const TRANSLATE_RATE = { limit: 60, windowSeconds: 600 } as const;
/** Translations kept in memory: repeated taps on the same message do not ask the provider again. */
export const TRANSLATION_CACHE_ENTRIES = 500;

export interface TranslationOptions {
  timeoutMs?: number;
  cacheEntries?: number;
}

/** The translations of one process: the provider's client, its cache and its calls in flight. */
export function createTranslator(config: Config['translation'], options: TranslationOptions = {}) {
  if (!config) return null;
  const provider: TranslateText = providerClient(config, options.timeoutMs ?? PROVIDER_TIMEOUT_MS);
  const cache = new LruCache<string>(options.cacheEntries ?? TRANSLATION_CACHE_ENTRIES);
  const inFlight = new Map<string, Promise<string>>();
  return {
    /** The cached translation, if any: no provider call and no rate-limit hit. */
    cached: (text: string, target: Locale) => cache.get(`${target}\n${text}`),
    /** Asks the provider (once for identical requests at the same time) and keeps the answer. */
    translate(text: string, target: Locale): Promise<string> {
      const key = `${target}\n${text}`;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const call = provider(text, target)
        .then((translated) => {
          cache.set(key, translated);
          return translated;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, call);
      return call;
    },
  };
}

export type Translator = NonNullable<ReturnType<typeof createTranslator>>;

/**
 * POST /api/chat/translate {ticketNumber, text, target?}: a chat message in the reader's
 * language. Only a reader of that ticket's chat (its owner, staff) is answered; anyone else is
 * told the ticket does not exist, as is everyone when no provider is configured.
 */
export function translationRoutes(translator: Translator | null) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    if (!translator) throw notFound(said('error.translationOff'));
    const user = passGates(c.var.user);
    const input = await jsonBody(c, chatTranslateInputSchema);
    const ticket = await chatTicketFor(c.var.deps, user, String(input.ticketNumber));
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    const target = input.target ?? asLocale(user.locale);
    c.header('Cache-Control', 'private, no-store');
    const answer = (text: string) => ok<ChatTranslation>(c, 'Translated', { text, target });
    const cached = translator.cached(input.text, target);
    if (cached !== undefined) return answer(cached);
    const rate = await c.var.deps.rateLimits.hit(
      `chat-translate:user:${user.id}`,
      TRANSLATE_RATE.windowSeconds,
      TRANSLATE_RATE.limit,
    );
    if (!rate.allowed) {
      const minutes = Math.ceil(rate.retryAfterSeconds / 60);
      throw new AppError('rate_limited', said('error.tooManyAttempts', { minutes }), {
        headers: { 'Retry-After': String(rate.retryAfterSeconds) },
      });
    }
    return answer(await translator.translate(input.text, target));
  });
  return app;
}
