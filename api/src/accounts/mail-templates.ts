import type { MailMessage } from '../platform/mail';

const BRAND = 'ECU Portal';
const TAGLINE = 'World Leading File Portal';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0f172a;color:#fff;padding:20px 28px;font-size:20px;font-weight:bold">${BRAND}
<div style="font-size:12px;font-weight:normal;color:#f59e0b">${TAGLINE}</div></td></tr>
<tr><td style="padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">
You received this e-mail because of an action on your ${BRAND} account. If it was not you, ignore it.</td></tr>
</table></td></tr></table></body></html>`;
}

export function verificationMail(to: string, link: string): MailMessage {
  const title = 'Verify your email address';
  return {
    to,
    subject: `${BRAND}: verify your email address`,
    summary: link,
    text: `${title}\n\nWelcome to ${BRAND}. Open this link to verify your email address:\n\n${link}\n\nThe link is valid for 24 hours and works once.\n\n${BRAND} - ${TAGLINE}\n`,
    html: layout(
      title,
      `<p>Welcome to ${BRAND}. Click the button to verify your email address.</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#f59e0b;color:#111;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Verify email</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="font-size:13px;color:#6b7280">The link is valid for 24 hours and works once.</p>`,
    ),
  };
}

export function passwordResetMail(to: string, otp: string): MailMessage {
  const title = 'Your password reset code';
  return {
    to,
    subject: `${BRAND}: your password reset code is ${otp}`,
    summary: `OTP ${otp}`,
    text: `${title}\n\nUse this code to reset your ${BRAND} password: ${otp}\n\nThe code is valid for 10 minutes. If you did not ask for it, ignore this e-mail; your password stays as it is.\n\n${BRAND} - ${TAGLINE}\n`,
    html: layout(
      title,
      `<p>Use this code to reset your password:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(otp)}</p>
<p style="font-size:13px;color:#6b7280">The code is valid for 10 minutes. If you did not ask for it, ignore this e-mail; your password stays as it is.</p>`,
    ),
  };
}

/** To the owner of an address that someone tried to sign up with (the sign-up answer does not say). */
export function signUpAttemptMail(to: string, appUrl: string): MailMessage {
  const title = 'Someone tried to sign up with your e-mail address';
  const signIn = new URL('/signin', appUrl).toString();
  const reset = new URL('/password-reset', appUrl).toString();
  return {
    to,
    subject: `${BRAND}: someone tried to sign up with your e-mail address`,
    summary: signIn,
    text: `${title}\n\nSomeone, perhaps you, tried to create a new ${BRAND} account with this address. You already have one, so nothing was created.\n\nSign in: ${signIn}\nForgot your password? Reset it: ${reset}\n\nIf it was not you, ignore this e-mail; your account stays as it is.\n\n${BRAND} - ${TAGLINE}\n`,
    html: layout(
      title,
      `<p>Someone, perhaps you, tried to create a new ${BRAND} account with this address. You already have one, so nothing was created.</p>
<p style="margin:24px 0"><a href="${escapeHtml(signIn)}" style="background:#f59e0b;color:#111;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Sign in</a></p>
<p>Forgot your password? <a href="${escapeHtml(reset)}">Reset it</a>.</p>
<p style="font-size:13px;color:#6b7280">If it was not you, ignore this e-mail; your account stays as it is.</p>`,
    ),
  };
}
