import { asLocale, LOCALE_NAMES } from '@ecu/shared';

/**
 * A customer's language as the desk shows it, so support can answer in it: its own name, and
 * the desk's word for it ('Deutsch (German)'; docs/decisions/093-languages.md).
 */
export function LanguageName({ locale }: { locale: unknown }) {
  const language = asLocale(locale);
  if (language === 'en') return <>{LOCALE_NAMES.en}</>;
  const inEnglish = new Intl.DisplayNames(['en'], { type: 'language' }).of(language);
  return (
    <>
      <span lang={language}>{LOCALE_NAMES[language]}</span> ({inEnglish})
    </>
  );
}
