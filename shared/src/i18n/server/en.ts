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
  'push.status.Unlocked.title': 'Ticket {ticketNumber}: your tuned file is ready',
  'push.status.Failed.title': 'Ticket {ticketNumber}: we could not complete your file',
  'push.status.Failed.body':
    'If credits were taken for it, they have been refunded. Open the ticket for details.',
  'push.newTicket.title': 'New ticket {ticketNumber}',
  'push.aCustomer': 'A customer',
  'push.theCustomer': 'The customer',
  'push.customerWrote': 'Ticket {ticketNumber}: {name} wrote',
  'push.supportWrote': 'Ticket {ticketNumber}: a new message from support',
  'push.overdue.title': 'Ticket {ticketNumber} is overdue',
  'push.overdue.stillTitle': 'Ticket {ticketNumber} is still overdue',
  'push.overdue.status': '{status} {minutes} min past the {threshold}-minute limit',
  'push.overdue.unanswered':
    'A customer message is unanswered {minutes} min past the {threshold}-minute limit',
  'push.overdue.body': '{waited} (working hours).',
  'push.offer.title': 'Ticket {ticketNumber}: a different plan is proposed',
  'push.offer.body': '{difference}. Open the ticket to accept or decline it.',
  'push.offer.accepted.title': 'Ticket {ticketNumber}: the customer accepted your offer',
  'push.offer.declined.title': 'Ticket {ticketNumber}: the customer declined your offer',
  'push.offer.accepted.body': 'The ticket now has the proposed plan and price.',
  'push.offer.declined.body': 'The ticket keeps its plan and is back with the desk.',
  'status.Pending': 'Pending',
  'status.In Progress': 'In Progress',
  'status.Completed': 'Completed',
  'credits.noChange': 'No change in price',
  'credits.more': '+{count, plural, one {# credit} other {# credits}}',
  'credits.less': '−{count, plural, one {# credit} other {# credits}}',
} as const;

export type ServerMessageId = keyof typeof en;
export type ServerCatalogue = Readonly<Record<ServerMessageId, string>>;
