import { defineConfig } from '@lingui/conf';

/**
 * The web app's message catalogues (docs/decisions/093-languages.md): two PO files per language,
 * English the source. `web/src/locales/<locale>.po` holds what the signed-out screens and the
 * app's shell say (it loads before the first paint); `web/src/locales/app/<locale>.po` the
 * signed-in features' (it loads with the signed-in layout), so the first route's download does
 * not grow with every screen's messages. 'pseudo' is the accented, longer pseudo-locale that
 * development uses to find cut or overflowing text.
 */
const SHELL = ['accounts', 'app', 'i18n', 'local', 'ui'].map((folder) => `<rootDir>/web/src/${folder}`);
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'it', 'pl', 'tr', 'ar', 'pseudo'],
  // Accented, bracketed (a cut shows a missing bracket) and 30% longer than English.
  pseudoLocale: { locale: 'pseudo', prepend: '[', append: ']', extend: 0.3 },
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/web/src/locales/{locale}', include: SHELL, exclude: ['**/*.test.*'] },
    {
      path: '<rootDir>/web/src/locales/app/{locale}',
      include: ['<rootDir>/web/src'],
      exclude: ['**/*.test.*', ...SHELL],
    },
  ],
});
