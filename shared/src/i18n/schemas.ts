import { z } from 'zod';
import { LOCALES } from './locales';

/** One of the portal's languages (docs/decisions/093-languages.md). */
export const localeSchema = z.enum(LOCALES, {
  error: `Choose one of the portal's languages: ${LOCALES.join(', ')}`,
});

/** PUT /api/auth/locale: the account's language, for its screens, e-mails and pushes. */
export const localeInputSchema = z.object({ locale: localeSchema });
export type LocaleInput = z.infer<typeof localeInputSchema>;
