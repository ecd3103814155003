import { dtcLabel, type Locale, localeDirection, RATING_STARS } from '@ecu/shared';
import {
  priceDifferenceIn,
  serverMessages,
  statusIn,
  type Translate,
} from '@ecu/shared/i18n/server-messages';
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

/**
 * A short mail in `locale`: a heading, its lines, the ticket's link and the signature. English's
 * markup is byte for byte the one these mails always had.
 */
function ticketMail(
  t: Translate,
  locale: Locale,
  to: string,
  subject: string,
  heading: string,
  lines: string[],
  link: string,
): MailMessage {
  return {
    to,
    subject,
    summary: link,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${signature(t)}\n`,
    html: `<!doctype html>${htmlTag(locale)}<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<h2 style="color:#0b1220">${escapeHtml(heading)}</h2>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.openTicket'))}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(signature(t))}</p></body></html>`,
  };
}

/**
 * To the owner, in their language, when an engineer proposes a different plan
 * (docs/decisions/091-counter-offers.md); `difference` is the price change in credits.
 */
export function counterOfferMail(
  to: string,
  offer: { ticketNumber: number; stage: string; options: string[]; message: string; difference: number },
  link: string,
  locale: Locale = 'en',
): MailMessage {
  const t = serverMessages(locale);
  const ticketNumber = String(offer.ticketNumber);
  const plan = offer.options.length ? `${offer.stage}: ${offer.options.join(', ')}` : offer.stage;
  return ticketMail(
    t,
    locale,
    to,
    t('mail.offer.subject', { brand: BRAND, ticketNumber }),
    t('mail.offer.title', { ticketNumber }),
    [
      t('mail.offer.line', { ticketNumber, plan, difference: priceDifferenceIn(t, offer.difference) }),
      t('mail.offer.message', { message: offer.message }),
      t('mail.offer.answer'),
    ],
    link,
  );
}

/** To the engineer who proposed it, in their language, when the owner accepts or declines an offer. */
export function counterOfferAnsweredMail(
  to: string,
  answer: { ticketNumber: number; answer: 'accepted' | 'declined' },
  link: string,
  locale: Locale = 'en',
): MailMessage {
  const t = serverMessages(locale);
  const ticketNumber = String(answer.ticketNumber);
  const accepted = answer.answer === 'accepted';
  return ticketMail(
    t,
    locale,
    to,
    t(accepted ? 'mail.offerAnswered.accepted.subject' : 'mail.offerAnswered.declined.subject', {
      brand: BRAND,
      ticketNumber,
    }),
    t(accepted ? 'mail.offerAnswered.accepted.title' : 'mail.offerAnswered.declined.title', { ticketNumber }),
    [t(accepted ? 'mail.offerAnswered.accepted.line' : 'mail.offerAnswered.declined.line', { ticketNumber })],
    link,
  );
}
