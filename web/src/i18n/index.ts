export { domainName, formatLocale, useDomainName, useFormatLocale } from './domain-names';
export {
  activateLocale,
  chooseLocale,
  i18n,
  initialLocale,
  localeSaved,
  PSEUDO_LOCALE,
  type ShownLocale,
  unsavedLocale,
} from './i18n';
export { LanguageName } from './language-name';
export { LanguageSwitch } from './language-switch';
