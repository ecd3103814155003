import { z } from 'zod';

export const CHAT_TEXT_MAX = 2000;
export const CHAT_ATTACHMENTS_MAX = 5;

export const chatAttachmentSchema = z.strictObject({
  /** The finished tus upload (purpose 'chat') that holds the file. */
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  name: z.string().min(1).max(255),
  size: z.number().int().positive(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** The latest time a JavaScript Date can hold (ms): past it, formatting a date throws. */
export const MAX_DATE_MS = 8_640_000_000_000_000;

/**
 * One message as stored in the ticket's Y.Doc (an immutable entry of the 'messages' array).
 * `time` is the writer's clock in ms ('written at'); the time shown is the server's receive
 * time, kept beside it (docs/decisions/066-chat-order-and-time.md).
 */
export const chatMessageSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  senderId: z.string().min(1).max(64),
  text: z.string().max(CHAT_TEXT_MAX * 2),
  time: z.number().int().positive().max(MAX_DATE_MS),
  attachments: z.array(chatAttachmentSchema).max(CHAT_ATTACHMENTS_MAX).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const CHAT_MESSAGES = {
  blank: 'Write a message first',
  tooLong: `A message can be at most ${CHAT_TEXT_MAX} characters`,
  wrongSender: 'A message can only be sent in your own name',
  malformed: 'Malformed chat message',
  loadFailed: 'Failed to load chat',
} as const;

/** Why a message may not enter the chat (null: it may). The server runs this on every entry. */
export function checkChatMessage(value: unknown, senderId: string): string | null {
  const parsed = chatMessageSchema.safeParse(value);
  if (!parsed.success) return CHAT_MESSAGES.malformed;
  const message = parsed.data;
  if (message.senderId !== senderId) return CHAT_MESSAGES.wrongSender;
  const length = message.text.trim().length;
  if (length === 0) return CHAT_MESSAGES.blank;
  if (length > CHAT_TEXT_MAX) return CHAT_MESSAGES.tooLong;
  return null;
}

/** A stored entry as a message, or null when it is not one (an entry stored before the checks). */
export function readChatMessage(value: unknown): ChatMessage | null {
  const parsed = chatMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The text a composer sends: trimmed; null when there is nothing to send. */
export function composeText(input: string): string | null {
  const text = input.trim();
  return text.length === 0 ? null : text;
}
