export { domainName, formatLocale, useDomainName, useFormatLocale } from './domain-names';
export {
  activateLocale,
  chooseLocale,
  deferAppMessages,
  i18n,
  initialLocale,
  loadAppMessages,
  localeSaved,
  PSEUDO_LOCALE,
  type ShownLocale,
  unsavedLocale,
} from './i18n';
export { LanguageName } from './language-name';
export { LanguageSwitch } from './language-switch';
export { addValidationMessages, validationMessage } from './validation-messages';
