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
 * Sent to the owner when a ticket becomes Unlocked or Failed. `note`: a further paragraph (an
 * automatic delivery's word on checksums).
 */
export function ticketStatusMail(
  to: string,
  ticketNumber: number,
  status: string,
  link: string,
  note?: string,
): MailMessage | null {
  const base = TEXTS[status];
  if (!base) return null;
  const t = note ? { ...base, line: `${base.line} ${note}` } : base;
  return {
    to,
    subject: `ECU Portal: ticket ${ticketNumber}: ${t.subject}`,
    summary: link,
    text: `Ticket ${ticketNumber} is now ${status}.\n\n${t.line}\n\n${link}\n\nECU Portal - World Leading File Portal\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<h2 style="color:#0b1220">Ticket ${ticketNumber} is now ${escapeHtml(status)}</h2>
<p>${escapeHtml(t.line)}</p>
<p><a href="${escapeHtml(link)}" style="background:#f59e0b;color:#111;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">Open ticket ${ticketNumber}</a></p>
<p style="font-size:12px;color:#6b7280">ECU Portal - World Leading File Portal</p></body></html>`,
  };
}
