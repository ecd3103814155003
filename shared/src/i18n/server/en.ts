/**
 * The server's messages in English, the source: e-mails (docs/decisions/093-languages.md). ICU
 * MessageFormat: `{name}` is a value, `{count, plural, one {…} other {…}}` a plural. English
 * keeps the texts the portal has always sent, word for word.
 */
export const en = {
  tagline: 'World Leading File Portal',
  'mail.footer':
    'You received this e-mail because of an action on your {brand} account. If it was not you, ignore it.',
  'mail.verify.title': 'Verify your email address',
  'mail.verify.subject': '{brand}: verify your email address',
  'mail.verify.openLink': 'Welcome to {brand}. Open this link to verify your email address:',
  'mail.verify.clickButton': 'Welcome to {brand}. Click the button to verify your email address.',
  'mail.verify.button': 'Verify email',
  'mail.verify.paste': 'Or paste this link into your browser:',
  'mail.verify.validity': 'The link is valid for 24 hours and works once.',
  'mail.reset.title': 'Your password reset code',
  'mail.reset.subject': '{brand}: your password reset code is {otp}',
  'mail.reset.useCode': 'Use this code to reset your {brand} password: {otp}',
  'mail.reset.useCodeBelow': 'Use this code to reset your password:',
  'mail.reset.validity':
    'The code is valid for 10 minutes. If you did not ask for it, ignore this e-mail; your password stays as it is.',
  'mail.attempt.title': 'Someone tried to sign up with your e-mail address',
  'mail.attempt.subject': '{brand}: someone tried to sign up with your e-mail address',
  'mail.attempt.body':
    'Someone, perhaps you, tried to create a new {brand} account with this address. You already have one, so nothing was created.',
  'mail.attempt.signIn': 'Sign in',
  'mail.attempt.signInLine': 'Sign in: {link}',
  'mail.attempt.forgot': 'Forgot your password?',
  'mail.attempt.resetIt': 'Reset it',
  'mail.attempt.resetLine': 'Forgot your password? Reset it: {link}',
  'mail.attempt.ignore': 'If it was not you, ignore this e-mail; your account stays as it is.',
  'status.Unlocked': 'Unlocked',
  'status.Failed': 'Failed',
  'mail.status.subject': '{brand}: ticket {ticketNumber}: {about}',
  'mail.status.Unlocked.about': 'your tuned file is ready',
  'mail.status.Unlocked.line': 'Your tuned file is unlocked. Open the ticket to download it.',
  'mail.status.Failed.about': 'we could not complete your file',
  'mail.status.Failed.line':
    'Something went wrong while tuning the file. If credits were taken for it, they have been refunded. Reply to support from the ticket chat for details.',
  'mail.status.now': 'Ticket {ticketNumber} is now {status}',
  'mail.ticket.open': 'Open ticket {ticketNumber}',
  'mail.rate.prompt': 'Rate this file:',
  stars: '{count, plural, one {# star} other {# stars}}',
  'mail.codes.removed': 'Fault codes removed:',
  'mail.lowRating.subject': '{brand}: ticket {ticketNumber} was rated {stars}',
  'mail.lowRating.line': '{customer} rated the tuned file of ticket {ticketNumber} {stars} out of 5.',
  'mail.lowRating.title': 'Ticket {ticketNumber}: a low rating',
  'mail.lowRating.comment': 'Their comment: {comment}',
} as const;

export type ServerMessageId = keyof typeof en;
export type ServerCatalogue = Readonly<Record<ServerMessageId, string>>;
