import type { z } from 'zod';
import { validationMessage } from '../i18n';

/** First message per field from a shared zod schema, in the screen's language, for showing under inputs. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = validationMessage(issue.message);
  }
  return out;
}
