import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeDirection,
  negotiateLocale,
} from '@ecu/shared/i18n/locales';
import { i18n, type Messages } from '@lingui/core';

/**
 * The language this device shows first: the last one chosen here or the signed-in account's
 * (which wins once known), so the first paint is already in it.
 */
const STORAGE_KEY = 'ecu.locale';
/** A language chosen here while signed in that the account has not been told of yet. */
const UNSAVED_KEY = 'ecu.locale.unsaved';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // Storage refused (private mode).
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not kept on this device; the account still keeps it.
  }
}

/** The language chosen on this device that its account is still to be told of, if any. */
export function unsavedLocale(): Locale | null {
  const unsaved = read(UNSAVED_KEY);
  return isLocale(unsaved) ? unsaved : null;
}

/** The account now has `locale`: a choice of that language made here is saved. */
export function localeSaved(locale: Locale) {
  if (unsavedLocale() === locale) write(UNSAVED_KEY, null);
}

/**
 * A choice from the language menu: shown at once and kept on this device; when `signedIn`, also
 * remembered as unsaved until the account has it (the network may be gone).
 */
export async function chooseLocale(locale: Locale, { signedIn }: { signedIn: boolean }): Promise<void> {
  await activateLocale(locale, { keep: true });
  write(UNSAVED_KEY, signedIn ? locale : null);
}

/** The language this device last chose, else the browser's first one the portal speaks. */
export function initialLocale(): ShownLocale {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('locale');
  if (isShownLocale(asked)) {
    write(STORAGE_KEY, asked);
    return asked;
  }
  const kept = read(STORAGE_KEY);
  if (isShownLocale(kept)) return kept;
  return typeof navigator === 'undefined' ? DEFAULT_LOCALE : negotiateLocale(navigator.languages);
}

/**
 * 'pseudo': English accented, bracketed and 30% longer (lingui.config.ts), for finding cut or
 * overflowing text. Only a `?locale=pseudo` link turns it on (and `?locale=en` off); no account
 * is ever given it.
 */
export const PSEUDO_LOCALE = 'pseudo';
export type ShownLocale = Locale | typeof PSEUDO_LOCALE;

function isShownLocale(value: unknown): value is ShownLocale {
  return value === PSEUDO_LOCALE || isLocale(value);
}

type Catalogue = () => Promise<{ messages: Messages }>;

/**
 * Each language's compiled catalogues are chunks of their own, fetched when that language is
 * chosen: the shell's (the signed-out screens and the app's frame) and the signed-in
 * features' (lingui.config.ts).
 */
const shellCatalogues: Record<ShownLocale, Catalogue> = {
  pseudo: () => import('../locales/pseudo.po'),
  en: () => import('../locales/en.po'),
  de: () => import('../locales/de.po'),
  fr: () => import('../locales/fr.po'),
  es: () => import('../locales/es.po'),
  it: () => import('../locales/it.po'),
  pl: () => import('../locales/pl.po'),
  tr: () => import('../locales/tr.po'),
  ar: () => import('../locales/ar.po'),
};
const appCatalogues: Record<ShownLocale, Catalogue> = {
  pseudo: () => import('../locales/app/pseudo.po'),
  en: () => import('../locales/app/en.po'),
  de: () => import('../locales/app/de.po'),
  fr: () => import('../locales/app/fr.po'),
  es: () => import('../locales/app/es.po'),
  it: () => import('../locales/app/it.po'),
  pl: () => import('../locales/app/pl.po'),
  tr: () => import('../locales/app/tr.po'),
  ar: () => import('../locales/app/ar.po'),
};

/**
 * Whether a language's activation also loads the signed-in features' catalogue: yes, unless
 * the entry has put it off (`deferAppMessages`) and nothing signed in has been shown since.
 */
let withAppMessages = true;
/** The languages whose signed-in features' messages are loaded. */
const appLoaded = new Set<ShownLocale>();
/** The last activation, which loadAppMessages waits for. */
let activation: Promise<unknown> = Promise.resolve();

/** The first paint of a signed-out screen needs only the shell's messages (main.tsx). */
export function deferAppMessages() {
  withAppMessages = false;
}

async function loadApp(locale: ShownLocale) {
  if (appLoaded.has(locale)) return;
  const { messages } = await appCatalogues[locale]();
  appLoaded.add(locale);
  i18n.load(locale, messages);
}

/**
 * The signed-in features' messages in the current language, and from now on in every language
 * chosen: the signed-in layout waits for them before it renders (web/src/app/router.tsx).
 */
export async function loadAppMessages(): Promise<void> {
  withAppMessages = true;
  await activation;
  // The activation under way, if any, saw the flag too late: its language is loaded here.
  if (i18n.locale) await loadApp(i18n.locale as ShownLocale);
}

/** Loads the language's catalogues, then speaks it: the document's lang and dir follow. */
export function activateLocale(locale: ShownLocale, options: { keep?: boolean } = {}): Promise<void> {
  const activating = activate(locale, options);
  activation = activating.catch(() => {});
  return activating;
}

async function activate(locale: ShownLocale, options: { keep?: boolean }): Promise<void> {
  const [shell, app] = await Promise.all([
    shellCatalogues[locale](),
    withAppMessages ? appCatalogues[locale]() : undefined,
  ]);
  if (app) appLoaded.add(locale);
  i18n.loadAndActivate({ locale, messages: { ...shell.messages, ...app?.messages } });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en-XA' : locale;
    document.documentElement.dir = locale === PSEUDO_LOCALE ? 'ltr' : localeDirection(locale);
  }
  if (options.keep) write(STORAGE_KEY, locale);
}

export { i18n };
