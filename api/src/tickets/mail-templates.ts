import { dtcLabel, RATING_STARS, starsLabel } from '@ecu/shared';
import type { MailMessage } from '../platform/mail';

const TEXTS: Record<string, { subject: string; line: string }> = {
  Unlocked: {
    subject: 'your tuned file is ready',
    line: 'Your tuned file is unlocked. Open the ticket to download it.',
  },
  Failed: {
    subject: 'we could not complete your file',
    line: 'Something went wrong while tuning the file. If credits were taken for it, they have been refunded. Reply to support from the ticket chat for details.',
  },
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * 'Rate this file: 1 2 3 4 5' below a delivery mail's text: each opens the ticket page asking for
 * that many stars, where the signed-in tuner confirms (a GET changes nothing;
 * docs/decisions/089-ratings.md).
 */
function rateLinks(link: string): { text: string; html: string } {
  const url = (stars: number) => `${link}?rate=${stars}`;
  const text = `Rate this file:\n${RATING_STARS.map((n) => `${starsLabel(n)}: ${url(n)}`).join('\n')}\n\n`;
  const anchors = RATING_STARS.map(
    (n) =>
      `<a href="${escapeHtml(url(n))}" aria-label="${starsLabel(n)}" style="color:#1d4ed8;font-weight:bold;padding:0 6px">${n}</a>`,
  ).join(' ');
  return { text, html: `<p>Rate this file: ${anchors}</p>\n` };
}

/** To each admin when a tuner gives a low rating (docs/decisions/089-ratings.md). */
export function lowRatingMail(
  to: string,
  rating: { ticketNumber: number; stars: number; comment: string | null; customer: string },
  link: string,
): MailMessage {
  const subject = `ECU Portal: ticket ${rating.ticketNumber} was rated ${starsLabel(rating.stars)}`;
  const said = rating.comment ? `\n\nTheir comment: ${rating.comment}` : '';
  const line = `${rating.customer} rated the tuned file of ticket ${rating.ticketNumber} ${starsLabel(rating.stars)} out of 5.`;
  return {
    to,
    subject,
    summary: link,
    text: `${line}${said}\n\n${link}\n\nECU Portal - World Leading File Portal\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<h2 style="color:#0b1220">Ticket ${rating.ticketNumber}: a low rating</h2>
<p>${escapeHtml(line)}</p>
${rating.comment ? `<p>Their comment: ${escapeHtml(rating.comment)}</p>\n` : ''}<p><a href="${escapeHtml(link)}">Open ticket ${rating.ticketNumber}</a></p>
<p style="font-size:12px;color:#6b7280">ECU Portal - World Leading File Portal</p></body></html>`,
  };
}

/**
 * The fault codes the delivered file no longer raises, as the Unlocked mail lists them
 * (docs/decisions/092-fault-code-lists.md).
 */
function removedCodesBlock(codes: readonly string[]): { text: string; html: string } {
  if (codes.length === 0) return { text: '', html: '' };
  const lines = codes.map((code) => `${code} (${dtcLabel(code)})`);
  return {
    text: `Fault codes removed:\n${lines.map((l) => `- ${l}`).join('\n')}\n\n`,
    html: `<p>Fault codes removed:</p>\n<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>\n`,
  };
}

/**
 * Sent to the owner when a ticket becomes Unlocked or Failed. `note`: a further paragraph (an
 * automatic delivery's word on checksums); `removedCodes`: the fault codes the file no longer raises.
 */
export function ticketStatusMail(
  to: string,
  ticketNumber: number,
  status: string,
  link: string,
  note?: string,
  removedCodes: readonly string[] = [],
): MailMessage | null {
  const base = TEXTS[status];
  if (!base) return null;
  const t = note ? { ...base, line: `${base.line} ${note}` } : base;
  const rate = status === 'Unlocked' ? rateLinks(link) : { text: '', html: '' };
  const codes = status === 'Unlocked' ? removedCodesBlock(removedCodes) : { text: '', html: '' };
  return {
    to,
    subject: `ECU Portal: ticket ${ticketNumber}: ${t.subject}`,
    summary: link,
    text: `Ticket ${ticketNumber} is now ${status}.\n\n${t.line}\n\n${codes.text}${link}\n\n${rate.text}ECU Portal - World Leading File Portal\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<h2 style="color:#0b1220">Ticket ${ticketNumber} is now ${escapeHtml(status)}</h2>
<p>${escapeHtml(t.line)}</p>
${codes.html}<p><a href="${escapeHtml(link)}" style="background:#f59e0b;color:#111;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">Open ticket ${ticketNumber}</a></p>
${rate.html}<p style="font-size:12px;color:#6b7280">ECU Portal - World Leading File Portal</p></body></html>`,
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
