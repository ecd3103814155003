import { defineConfig } from '@lingui/conf';

/**
 * The web app's message catalogues (docs/decisions/093-languages.md): one PO file per language
 * under web/src/locales, English the source; 'pseudo' is the accented, longer pseudo-locale
 * that development uses to find cut or overflowing text.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'it', 'pl', 'tr', 'ar', 'pseudo'],
  // Accented, bracketed (a cut shows a missing bracket) and 30% longer than English.
  pseudoLocale: { locale: 'pseudo', prepend: '[', append: ']', extend: 0.3 },
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/web/src/locales/{locale}', include: ['<rootDir>/web/src'], exclude: ['**/*.test.*'] },
  ],
});
