export {
  activateLocale,
  chooseLocale,
  i18n,
  initialLocale,
  localeSaved,
  unsavedLocale,
} from './i18n';
export { LanguageSwitch } from './language-switch';
