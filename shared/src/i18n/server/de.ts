import type { ServerCatalogue } from './en';

export const de: ServerCatalogue = {
  tagline: 'Das weltweit führende Dateiportal',
  'mail.footer':
    'Sie erhalten diese E-Mail wegen einer Aktion in Ihrem {brand}-Konto. Wenn Sie das nicht waren, ignorieren Sie sie.',
  'mail.verify.title': 'Bestätigen Sie Ihre E-Mail-Adresse',
  'mail.verify.subject': '{brand}: Bestätigen Sie Ihre E-Mail-Adresse',
  'mail.verify.openLink':
    'Willkommen bei {brand}. Öffnen Sie diesen Link, um Ihre E-Mail-Adresse zu bestätigen:',
  'mail.verify.clickButton':
    'Willkommen bei {brand}. Klicken Sie auf die Schaltfläche, um Ihre E-Mail-Adresse zu bestätigen.',
  'mail.verify.button': 'E-Mail bestätigen',
  'mail.verify.paste': 'Oder fügen Sie diesen Link in Ihren Browser ein:',
  'mail.verify.validity': 'Der Link ist 24 Stunden gültig und funktioniert einmal.',
  'mail.reset.title': 'Ihr Code zum Zurücksetzen des Passworts',
  'mail.reset.subject': '{brand}: Ihr Code zum Zurücksetzen des Passworts lautet {otp}',
  'mail.reset.useCode': 'Mit diesem Code setzen Sie Ihr {brand}-Passwort zurück: {otp}',
  'mail.reset.useCodeBelow': 'Mit diesem Code setzen Sie Ihr Passwort zurück:',
  'mail.reset.validity':
    'Der Code ist 10 Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
  'mail.attempt.title': 'Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren',
  'mail.attempt.subject': '{brand}: Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren',
  'mail.attempt.body':
    'Jemand, vielleicht Sie, wollte mit dieser Adresse ein neues {brand}-Konto anlegen. Sie haben bereits eines, daher wurde nichts angelegt.',
  'mail.attempt.signIn': 'Anmelden',
  'mail.attempt.signInLine': 'Anmelden: {link}',
  'mail.attempt.forgot': 'Passwort vergessen?',
  'mail.attempt.resetIt': 'Zurücksetzen',
  'mail.attempt.resetLine': 'Passwort vergessen? Zurücksetzen: {link}',
  'mail.attempt.ignore':
    'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Konto bleibt unverändert.',
  'status.Unlocked': 'Freigeschaltet',
  'status.Failed': 'Fehlgeschlagen',
  'mail.status.subject': '{brand}: Ticket {ticketNumber}: {about}',
  'mail.status.Unlocked.about': 'Ihre getunte Datei ist bereit',
  'mail.status.Unlocked.line':
    'Ihre getunte Datei ist freigeschaltet. Öffnen Sie das Ticket, um sie herunterzuladen.',
  'mail.status.Failed.about': 'wir konnten Ihre Datei nicht fertigstellen',
  'mail.status.Failed.line':
    'Beim Tuning der Datei ist etwas schiefgegangen. Falls dafür Credits abgebucht wurden, wurden sie erstattet. Schreiben Sie dem Support im Ticket-Chat für Einzelheiten.',
  'mail.status.now': 'Ticket {ticketNumber} ist jetzt {status}',
  'mail.ticket.open': 'Ticket {ticketNumber} öffnen',
  'mail.rate.prompt': 'Bewerten Sie diese Datei:',
  stars: '{count, plural, one {# Stern} other {# Sterne}}',
  'mail.codes.removed': 'Entfernte Fehlercodes:',
  'mail.lowRating.subject': '{brand}: Ticket {ticketNumber} wurde mit {stars} bewertet',
  'mail.lowRating.line':
    '{customer} hat die getunte Datei von Ticket {ticketNumber} mit {stars} von 5 bewertet.',
  'mail.lowRating.title': 'Ticket {ticketNumber}: eine schlechte Bewertung',
  'mail.lowRating.comment': 'Kommentar: {comment}',
};
