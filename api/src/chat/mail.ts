import type { MailMessage } from '../platform/mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** To a ticket's owner who was not in the chat when support wrote. */
export function supportReplyMail(input: {
  to: string;
  firstName: string;
  ticketNumber: number;
  senderName: string;
  text: string;
  link: string;
}): MailMessage {
  const { to, firstName, ticketNumber, senderName, text, link } = input;
  const quoted = text.length > 1_000 ? `${text.slice(0, 1_000)}…` : text;
  return {
    to,
    subject: `ECU Portal: ticket ${ticketNumber}: a new message from support`,
    summary: link,
    text: `Hello ${firstName},\n\n${senderName} wrote on ticket ${ticketNumber}:\n\n${quoted}\n\nReply in the ticket chat: ${link}\n\nECU Portal - World Leading File Portal\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<p>Hello ${escapeHtml(firstName)},</p>
<p>${escapeHtml(senderName)} wrote on ticket ${ticketNumber}:</p>
<blockquote style="border-left:3px solid #f59e0b;margin:0;padding:6px 12px;white-space:pre-wrap">${escapeHtml(quoted)}</blockquote>
<p><a href="${escapeHtml(link)}" style="background:#f59e0b;color:#111;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">Reply on ticket ${ticketNumber}</a></p>
<p style="font-size:12px;color:#6b7280">ECU Portal - World Leading File Portal</p></body></html>`,
  };
}
