import { z } from 'zod';
import { localeSchema } from '../i18n/schemas';
import { ticketNumberSchema } from '../tickets/schemas';
import { CHAT_TEXT_MAX } from './message';

/**
 * POST /api/chat/translate: one chat message's text in the reader's language
 * (docs/decisions/095-chat-translation.md). `target` defaults to the caller's account language.
 */
export const chatTranslateInputSchema = z.strictObject({
  ticketNumber: ticketNumberSchema.shape.ticketNumber,
  text: z
    .string({ error: 'Write a message first' })
    .trim()
    .min(1, 'Write a message first')
    .max(CHAT_TEXT_MAX, `A message can be at most ${CHAT_TEXT_MAX} characters`),
  target: localeSchema.optional(),
});
export type ChatTranslateInput = z.input<typeof chatTranslateInputSchema>;

/** The answer's data: the text in `target`, from a machine translation. */
export interface ChatTranslation {
  text: string;
  target: z.infer<typeof localeSchema>;
}
