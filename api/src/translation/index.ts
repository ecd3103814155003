/**
 * Chat translation (docs/decisions/095-chat-translation.md): a LibreTranslate or DeepL client
 * when TRANSLATE_PROVIDER is set, POST /api/chat/translate, and nothing at all when it is not.
 */
export { PROVIDER_TIMEOUT_MS } from './providers';
export {
  createTranslator,
  TRANSLATE_RATE,
  TRANSLATION_CACHE_ENTRIES,
  type TranslationOptions,
  type Translator,
  translationRoutes,
} from './routes';
