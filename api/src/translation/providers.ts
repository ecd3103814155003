import type { Locale } from '@ecu/shared';
import type { TranslationConfig } from '../config';
import { AppError, said } from '../http/app-error';

/** One text into one of the portal's languages; throws an AppError (502/503) when it cannot. */
export type TranslateText = (text: string, target: Locale) => Promise<string>;

/** How long a provider may take before the caller is told it is unavailable. */
export const PROVIDER_TIMEOUT_MS = 8_000;
const RETRY_AFTER_SECONDS = 30;

/** The provider could not be reached, timed out, or is over its quota: try again later (503). */
export const translationUnavailable = () =>
  new AppError('unavailable', said('error.translationUnavailable'), {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });

/** The provider answered, but not with a translation (a refused key, an error, a page): 502. */
export const translationFailed = () => new AppError('bad_gateway', said('error.translationFailed'));

/** DeepL's target codes: English as British English (the portal's English), the others as ours. */
const DEEPL_TARGETS: Readonly<Record<Locale, string>> = {
  en: 'EN-GB',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  it: 'IT',
  pl: 'PL',
  tr: 'TR',
  ar: 'AR',
};

/** POSTs JSON and reads JSON back, within the timeout; every failure is a 502 or a 503. */
async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch {
    // Refused, unresolvable, reset or timed out: nothing answered.
    throw translationUnavailable();
  }
  // 429: too many requests; 456: DeepL's quota used up; 502-504: a proxy before it without it.
  if ([429, 456, 502, 503, 504].includes(res.status)) {
    await res.body?.cancel();
    throw translationUnavailable();
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw translationFailed();
  }
  try {
    return await res.json();
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      throw translationUnavailable();
    }
    throw translationFailed();
  }
}

function asText(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw translationFailed();
  return value;
}

/** LibreTranslate: POST {url}/translate {q, source: 'auto', target, format: 'text', api_key}. */
export function libreTranslate(url: string, apiKey: string | undefined, timeoutMs = PROVIDER_TIMEOUT_MS) {
  const translate: TranslateText = async (text, target) => {
    const body = { q: text, source: 'auto', target, format: 'text', ...(apiKey ? { api_key: apiKey } : {}) };
    const answer = (await postJson(`${url}/translate`, body, {}, timeoutMs)) as { translatedText?: unknown };
    return asText(answer?.translatedText);
  };
  return translate;
}

/** DeepL: POST {url}/v2/translate {text: [...], target_lang}, the key in the Authorization header. */
export function deepl(url: string, apiKey: string, timeoutMs = PROVIDER_TIMEOUT_MS) {
  const translate: TranslateText = async (text, target) => {
    const answer = (await postJson(
      `${url}/v2/translate`,
      { text: [text], target_lang: DEEPL_TARGETS[target] },
      { authorization: `DeepL-Auth-Key ${apiKey}` },
      timeoutMs,
    )) as { translations?: { text?: unknown }[] };
    return asText(Array.isArray(answer?.translations) ? answer.translations[0]?.text : undefined);
  };
  return translate;
}

/** The client of the configured provider. */
export function providerClient(config: TranslationConfig, timeoutMs = PROVIDER_TIMEOUT_MS): TranslateText {
  return config.provider === 'deepl'
    ? deepl(config.url, config.apiKey ?? '', timeoutMs)
    : libreTranslate(config.url, config.apiKey, timeoutMs);
}
