import { useSyncExternalStore } from 'react';

/**
 * Light or dark colours. 'system' follows the device (prefers-color-scheme, no script needed,
 * see the palette at the top of styles.css); 'light' and 'dark' are the user's own choice,
 * kept on this device and set as <html data-theme> before the first render.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type AppliedTheme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'ecu-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The browser's own bars take the top bar's colour (--navy in styles.css). */
const THEME_COLOR: Record<AppliedTheme, string> = { light: '#0b1220', dark: '#060a12' };

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): AppliedTheme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

export function parseThemeChoice(value: unknown): ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
}

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(STORAGE_KEY));
  } catch {
    return 'system'; // storage blocked (privacy mode): the device's setting
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

let current: ThemeChoice = 'system';
const listeners = new Set<() => void>();

function apply(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', THEME_COLOR[resolveTheme(choice, systemPrefersDark())]);
}

/** Called once from the entry module, before the first render. */
export function initTheme() {
  current = readChoice();
  apply(current);
  // The theme colour follows a change of the device's setting while the page is open.
  if (typeof matchMedia === 'function') {
    matchMedia(DARK_QUERY).addEventListener('change', () => apply(current));
  }
  // A choice made in another tab applies here too.
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    show(readChoice());
  });
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not kept across reloads, but applied now.
  }
  show(choice);
}

function show(choice: ThemeChoice) {
  current = choice;
  apply(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => 'system',
  );
}

function subscribeApplied(listener: () => void) {
  listeners.add(listener);
  const query = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

/** The theme on screen now: the user's choice, or the device's setting (re-renders on either change). */
export function useAppliedTheme(): AppliedTheme {
  return useSyncExternalStore(
    subscribeApplied,
    () => resolveTheme(current, systemPrefersDark()),
    () => 'light',
  );
}
