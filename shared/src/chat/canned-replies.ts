import { z } from 'zod';
import type { Locale } from '../i18n/locales';
import { localeSchema } from '../i18n/schemas';
import { CHAT_TEXT_MAX } from './message';

/**
 * Canned replies (docs/decisions/088-canned-replies.md): staff reply templates whose placeholders
 * are filled for the ticket's customer when a template is picked in the chat composer.
 */
export const CANNED_REPLY_PLACEHOLDERS = ['customerName', 'firstName', 'ticketNumber', 'vehicle'] as const;
export type CannedReplyPlaceholder = (typeof CANNED_REPLY_PLACEHOLDERS)[number];

/** What a placeholder becomes when the ticket does not know it: visible, so staff fix it before sending. */
export const PLACEHOLDER_FALLBACKS: Record<CannedReplyPlaceholder, string> = {
  customerName: '[customer name]',
  firstName: '[first name]',
  ticketNumber: '[ticket number]',
  vehicle: '[vehicle]',
};

export const CANNED_REPLY_TITLE_MAX = 80;
/** Below the chat's own limit, so a filled reply (names, a vehicle) still fits in one message. */
export const CANNED_REPLY_BODY_MAX = 1500;
/** How many replies the desk keeps; the composer's list stays short enough to scan. */
export const CANNED_REPLIES_MAX = 200;

/** `{word}`: anything in braces that looks like a placeholder name. */
const PLACEHOLDER_PATTERN = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function isPlaceholder(name: string): name is CannedReplyPlaceholder {
  return (CANNED_REPLY_PLACEHOLDERS as readonly string[]).includes(name);
}

const placeholderList = CANNED_REPLY_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');

/** The placeholder names in a body that are not ours, each once, in order of appearance. */
export function unknownPlaceholders(body: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of body.matchAll(PLACEHOLDER_PATTERN)) {
    if (name && !isPlaceholder(name)) unknown.add(name);
  }
  return [...unknown];
}

/** The message for a body with unknown placeholders, naming them and the ones there are. */
export function unknownPlaceholderMessage(names: readonly string[]): string {
  const named = names.map((n) => `{${n}}`).join(', ');
  return `Unknown placeholder${names.length > 1 ? 's' : ''} ${named}: use ${placeholderList}`;
}

/** The values a ticket gives its placeholders; null or blank means unknown. */
export type PlaceholderValues = Partial<Record<CannedReplyPlaceholder, string | number | null>>;

/**
 * A reply's body with its placeholders filled: a known value as given (text, never markup: the
 * chat renders text), an unknown one as its fallback, and the result clipped to one chat message.
 */
export function fillCannedReply(body: string, values: PlaceholderValues): string {
  const filled = body.replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
    if (!isPlaceholder(name)) return whole;
    const value = values[name];
    const text = value === null || value === undefined ? '' : String(value).trim();
    return text || PLACEHOLDER_FALLBACKS[name];
  });
  return filled.slice(0, CHAT_TEXT_MAX);
}

/**
 * One canned reply as staff see it. `locale` is the language its body is written in, for a reply
 * kept in several languages under one title; null for a reply in any language.
 */
export interface CannedReplyDto {
  id: string;
  title: string;
  body: string;
  locale: Locale | null;
  updatedAt: string;
}

/**
 * The replies the composer offers a customer who speaks `locale`: of the versions under one title
 * (case-insensitive), the one in the customer's language, else the one for any language, else the
 * English one, else the first; a title with one version is offered as it is.
 */
export function repliesForLanguage<R extends Pick<CannedReplyDto, 'title' | 'locale'>>(
  replies: readonly R[],
  locale: Locale | null | undefined,
): R[] {
  const byTitle = new Map<string, R[]>();
  for (const reply of replies) {
    const key = reply.title.trim().toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), reply]);
  }
  const rank = (r: R) => (r.locale === locale ? 0 : r.locale === null ? 1 : r.locale === 'en' ? 2 : 3);
  return [...byTitle.values()].map((versions) => [...versions].sort((a, b) => rank(a) - rank(b))[0]!);
}

/**
 * The replies the composer offers for the text after a slash: all of them for none, else those
 * whose title contains it (case-insensitive), titles that start with it first, each group by title.
 */
export function matchCannedReplies<R extends Pick<CannedReplyDto, 'title'>>(
  replies: readonly R[],
  query: string,
): R[] {
  const q = query.trim().toLowerCase();
  const byTitle = (a: R, b: R) => a.title.localeCompare(b.title);
  if (!q) return [...replies].sort(byTitle);
  const starts: R[] = [];
  const contains: R[] = [];
  for (const reply of replies) {
    const title = reply.title.toLowerCase();
    if (title.startsWith(q)) starts.push(reply);
    else if (title.includes(q)) contains.push(reply);
  }
  return [...starts.sort(byTitle), ...contains.sort(byTitle)];
}

const title = z
  .string({ error: 'Give the reply a title' })
  .trim()
  .min(1, 'Give the reply a title')
  .max(CANNED_REPLY_TITLE_MAX, `A title is at most ${CANNED_REPLY_TITLE_MAX} characters`);

const body = z
  .string({ error: 'Write the reply' })
  .trim()
  .min(1, 'Write the reply')
  .max(CANNED_REPLY_BODY_MAX, `A reply is at most ${CANNED_REPLY_BODY_MAX} characters`)
  .superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
  });

/**
 * POST /admin/canned-replies and PUT /admin/canned-replies/:id: a reply's title and body, and the
 * language of the body (none or null: any language).
 */
export const cannedReplySchema = z.object({ title, body, locale: localeSchema.nullable().default(null) });
export type CannedReplyInput = z.infer<typeof cannedReplySchema>;

/** The :id of PUT and DELETE /admin/canned-replies/:id. */
export const cannedReplyIdSchema = z.object({
  id: z.uuid({ error: 'No such canned reply' }),
});
