import { readFileSync } from 'node:fs';

/**
 * A language's web catalogues (web/src/locales/<locale>.po and app/<locale>.po) as a lookup
 * from the English message to its translation: a browser test asserts that the screen says what
 * the catalogue says, not a copy of it.
 */
export function catalogue(locale: string): (english: string) => string {
  const messages = new Map<string, string>();
  for (const file of [`web/src/locales/${locale}.po`, `web/src/locales/app/${locale}.po`]) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let i = 0; i < lines.length - 1; i++) {
      const id = lines[i]!;
      const str = lines[i + 1]!;
      if (id.startsWith('msgid "') && str.startsWith('msgstr "') && id !== 'msgid ""') {
        messages.set(JSON.parse(id.slice(6)), JSON.parse(str.slice(7)));
      }
    }
  }
  return (english) => {
    const translated = messages.get(english);
    if (!translated) throw new Error(`No ${locale} translation of "${english}"`);
    return translated;
  };
}
