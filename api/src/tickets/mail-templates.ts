import { dtcLabel, type Locale, localeDirection, RATING_STARS } from '@ecu/shared';
import { serverMessages, statusIn, type Translate } from '@ecu/shared/i18n/server-messages';
import type { MailMessage } from '../platform/mail';

const BRAND = 'ECU Portal';

/** The statuses that send the owner an e-mail. */
const MAILED = ['Unlocked', 'Failed'] as const;
type MailedStatus = (typeof MAILED)[number];

/** English keeps its markup byte for byte; another language says which it is, and its direction. */
function htmlTag(locale: Locale): string {
  return locale === 'en' ? '<html>' : `<html lang="${locale}" dir="${localeDirection(locale)}">`;
}

function signature(t: Translate): string {
  return `${BRAND} - ${t('tagline')}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * 'Rate this file: 1 2 3 4 5' below a delivery mail's text: each opens the ticket page asking for
 * that many stars, where the signed-in tuner confirms (a GET changes nothing;
 * docs/decisions/089-ratings.md).
 */
function rateLinks(t: Translate, link: string): { text: string; html: string } {
  const url = (stars: number) => `${link}?rate=${stars}`;
  const stars = (count: number) => t('stars', { count });
  const prompt = t('mail.rate.prompt');
  const text = `${prompt}\n${RATING_STARS.map((n) => `${stars(n)}: ${url(n)}`).join('\n')}\n\n`;
  const anchors = RATING_STARS.map(
    (n) =>
      `<a href="${escapeHtml(url(n))}" aria-label="${escapeHtml(stars(n))}" style="color:#1d4ed8;font-weight:bold;padding:0 6px">${n}</a>`,
  ).join(' ');
  return { text, html: `<p>${escapeHtml(prompt)} ${anchors}</p>\n` };
}

/** To each admin, in their language, when a tuner gives a low rating (docs/decisions/089-ratings.md). */
export function lowRatingMail(
  to: string,
  rating: { ticketNumber: number; stars: number; comment: string | null; customer: string },
  link: string,
  locale: Locale = 'en',
): MailMessage {
  const t = serverMessages(locale);
  const ticketNumber = String(rating.ticketNumber);
  const stars = t('stars', { count: rating.stars });
  const subject = t('mail.lowRating.subject', { brand: BRAND, ticketNumber, stars });
  const comment = rating.comment ? t('mail.lowRating.comment', { comment: rating.comment }) : '';
  const line = t('mail.lowRating.line', { customer: rating.customer, ticketNumber, stars });
  return {
    to,
    subject,
    summary: link,
    text: `${line}${comment ? `\n\n${comment}` : ''}\n\n${link}\n\n${signature(t)}\n`,
    html: `<!doctype html>${htmlTag(locale)}<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<h2 style="color:#0b1220">${escapeHtml(t('mail.lowRating.title', { ticketNumber }))}</h2>
<p>${escapeHtml(line)}</p>
${comment ? `<p>${escapeHtml(comment)}</p>\n` : ''}<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.ticket.open', { ticketNumber }))}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(signature(t))}</p></body></html>`,
  };
}

/**
 * The fault codes the delivered file no longer raises, as the Unlocked mail lists them
 * (docs/decisions/092-fault-code-lists.md).
 */
function removedCodesBlock(
  t: Translate,
  locale: Locale,
  codes: readonly string[],
): { text: string; html: string } {
  if (codes.length === 0) return { text: '', html: '' };
  // The codes' descriptions come from the built-in table, in English.
  const lines = codes.map((code) => `${code} (${dtcLabel(code)})`);
  const heading = t('mail.codes.removed');
  // In right-to-left text each code and its English description stay left to right.
  const item = localeDirection(locale) === 'rtl' ? '<li dir="ltr">' : '<li>';
  return {
    text: `${heading}\n${lines.map((l) => `- ${l}`).join('\n')}\n\n`,
    html: `<p>${escapeHtml(heading)}</p>\n<ul>${lines.map((l) => `${item}${escapeHtml(l)}</li>`).join('')}</ul>\n`,
  };
}

/**
 * Sent to the owner, in their language, when a ticket becomes Unlocked or Failed. `note`: a
 * further paragraph (an automatic delivery's word on checksums, in English); `removedCodes`: the
 * fault codes the file no longer raises.
 */
export function ticketStatusMail(
  to: string,
  ticketNumber: number,
  status: string,
  link: string,
  note?: string,
  removedCodes: readonly string[] = [],
  locale: Locale = 'en',
): MailMessage | null {
  if (!(MAILED as readonly string[]).includes(status)) return null;
  const mailed = status as MailedStatus;
  const t = serverMessages(locale);
  const number = String(ticketNumber);
  const base = t(`mail.status.${mailed}.line`);
  const line = note ? `${base} ${note}` : base;
  const statusName = statusIn(t, mailed);
  const now = t('mail.status.now', { ticketNumber: number, status: statusName });
  const rate = mailed === 'Unlocked' ? rateLinks(t, link) : { text: '', html: '' };
  const codes = mailed === 'Unlocked' ? removedCodesBlock(t, locale, removedCodes) : { text: '', html: '' };
  return {
    to,
    subject: t('mail.status.subject', {
      brand: BRAND,
      ticketNumber: number,
      about: t(`mail.status.${mailed}.about`),
    }),
    summary: link,
    text: `${now}.\n\n${line}\n\n${codes.text}${link}\n\n${rate.text}${signature(t)}\n`,
    html: `<!doctype html>${htmlTag(locale)}<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<h2 style="color:#0b1220">${escapeHtml(now)}</h2>
<p>${escapeHtml(line)}</p>
${codes.html}<p><a href="${escapeHtml(link)}" style="background:#f59e0b;color:#111;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t('mail.ticket.open', { ticketNumber: number }))}</a></p>
${rate.html}<p style="font-size:12px;color:#6b7280">${escapeHtml(signature(t))}</p></body></html>`,
  };
}

function simpleMail(
  to: string,
  subject: string,
  heading: string,
  lines: string[],
  link: string,
): MailMessage {
  return {
    to,
    subject: `ECU Portal: ${subject}`,
    summary: link,
    text: `${lines.join('\n\n')}\n\n${link}\n\nECU Portal - World Leading File Portal\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<h2 style="color:#0b1220">${escapeHtml(heading)}</h2>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">Open the ticket</a></p>
<p style="font-size:12px;color:#6b7280">ECU Portal - World Leading File Portal</p></body></html>`,
  };
}

/** To the owner when an engineer proposes a different plan (docs/decisions/091-counter-offers.md). */
export function counterOfferMail(
  to: string,
  offer: { ticketNumber: number; stage: string; options: string[]; message: string; difference: string },
  link: string,
): MailMessage {
  const plan = offer.options.length ? `${offer.stage}: ${offer.options.join(', ')}` : offer.stage;
  return simpleMail(
    to,
    `ticket ${offer.ticketNumber}: a different plan is proposed`,
    `Ticket ${offer.ticketNumber}: a different plan`,
    [
      `Our engineer proposes a different plan for ticket ${offer.ticketNumber}: ${plan} (${offer.difference}).`,
      `Their message: ${offer.message}`,
      'Open the ticket to accept or decline it. The ticket waits for your answer.',
    ],
    link,
  );
}

/** To the engineer who proposed it when the owner accepts or declines an offer. */
export function counterOfferAnsweredMail(
  to: string,
  answer: { ticketNumber: number; answer: 'accepted' | 'declined' },
  link: string,
): MailMessage {
  const line =
    answer.answer === 'accepted'
      ? `The customer accepted the plan you proposed for ticket ${answer.ticketNumber}; the ticket now has that plan and price.`
      : `The customer declined the plan you proposed for ticket ${answer.ticketNumber}; the ticket keeps its plan and is back with the desk.`;
  return simpleMail(
    to,
    `ticket ${answer.ticketNumber}: your offer was ${answer.answer}`,
    `Ticket ${answer.ticketNumber}: offer ${answer.answer}`,
    [line],
    link,
  );
}
