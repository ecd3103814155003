import { type Locale, localeDirection } from '@ecu/shared';
import { serverMessages, type Translate } from '@ecu/shared/i18n/server-messages';
import type { MailMessage } from '../platform/mail';

const BRAND = 'ECU Portal';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The account e-mails in the recipient's language (docs/decisions/093-languages.md); English as always. */
function layout(t: Translate, locale: Locale, title: string, bodyHtml: string): string {
  // English keeps its markup byte for byte; another language says which it is, and its direction.
  const html = locale === 'en' ? '<html>' : `<html lang="${locale}" dir="${localeDirection(locale)}">`;
  return `<!doctype html>${html}<body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0f172a;color:#fff;padding:20px 28px;font-size:20px;font-weight:bold">${BRAND}
<div style="font-size:12px;font-weight:normal;color:#f59e0b">${escapeHtml(t('tagline'))}</div></td></tr>
<tr><td style="padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">
${escapeHtml(t('mail.footer', { brand: BRAND }))}</td></tr>
</table></td></tr></table></body></html>`;
}

function signature(t: Translate): string {
  return `${BRAND} - ${t('tagline')}`;
}

export function verificationMail(to: string, link: string, locale: Locale = 'en'): MailMessage {
  const t = serverMessages(locale);
  const title = t('mail.verify.title');
  return {
    to,
    subject: t('mail.verify.subject', { brand: BRAND }),
    summary: link,
    text: `${title}\n\n${t('mail.verify.openLink', { brand: BRAND })}\n\n${link}\n\n${t('mail.verify.validity')}\n\n${signature(t)}\n`,
    html: layout(
      t,
      locale,
      title,
      `<p>${escapeHtml(t('mail.verify.clickButton', { brand: BRAND }))}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#f59e0b;color:#111;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t('mail.verify.button'))}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t('mail.verify.paste'))}<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t('mail.verify.validity'))}</p>`,
    ),
  };
}

export function passwordResetMail(to: string, otp: string, locale: Locale = 'en'): MailMessage {
  const t = serverMessages(locale);
  const title = t('mail.reset.title');
  return {
    to,
    subject: t('mail.reset.subject', { brand: BRAND, otp }),
    summary: `OTP ${otp}`,
    text: `${title}\n\n${t('mail.reset.useCode', { brand: BRAND, otp })}\n\n${t('mail.reset.validity')}\n\n${signature(t)}\n`,
    html: layout(
      t,
      locale,
      title,
      `<p>${escapeHtml(t('mail.reset.useCodeBelow'))}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(otp)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t('mail.reset.validity'))}</p>`,
    ),
  };
}

/** To the owner of an address that someone tried to sign up with (the sign-up answer does not say). */
export function signUpAttemptMail(to: string, appUrl: string, locale: Locale = 'en'): MailMessage {
  const t = serverMessages(locale);
  const title = t('mail.attempt.title');
  const signIn = new URL('/signin', appUrl).toString();
  const reset = new URL('/password-reset', appUrl).toString();
  const body = t('mail.attempt.body', { brand: BRAND });
  return {
    to,
    subject: t('mail.attempt.subject', { brand: BRAND }),
    summary: signIn,
    text: `${title}\n\n${body}\n\n${t('mail.attempt.signInLine', { link: signIn })}\n${t('mail.attempt.resetLine', { link: reset })}\n\n${t('mail.attempt.ignore')}\n\n${signature(t)}\n`,
    html: layout(
      t,
      locale,
      title,
      `<p>${escapeHtml(body)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(signIn)}" style="background:#f59e0b;color:#111;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t('mail.attempt.signIn'))}</a></p>
<p>${escapeHtml(t('mail.attempt.forgot'))} <a href="${escapeHtml(reset)}">${escapeHtml(t('mail.attempt.resetIt'))}</a>.</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t('mail.attempt.ignore'))}</p>`,
    ),
  };
}
