import type { ServerCatalogue } from './en';

export const it: ServerCatalogue = {
  tagline: 'Il portale file leader nel mondo',
  'mail.footer': 'Ricevi questa e-mail per un’azione sul tuo account {brand}. Se non sei stato tu, ignorala.',
  'mail.verify.title': 'Verifica il tuo indirizzo e-mail',
  'mail.verify.subject': '{brand}: verifica il tuo indirizzo e-mail',
  'mail.verify.openLink': 'Benvenuto su {brand}. Apri questo link per verificare il tuo indirizzo e-mail:',
  'mail.verify.clickButton':
    'Benvenuto su {brand}. Fai clic sul pulsante per verificare il tuo indirizzo e-mail.',
  'mail.verify.button': 'Verifica e-mail',
  'mail.verify.paste': 'Oppure incolla questo link nel browser:',
  'mail.verify.validity': 'Il link è valido per 24 ore e funziona una sola volta.',
  'mail.reset.title': 'Il tuo codice per reimpostare la password',
  'mail.reset.subject': '{brand}: il tuo codice per reimpostare la password è {otp}',
  'mail.reset.useCode': 'Usa questo codice per reimpostare la password di {brand}: {otp}',
  'mail.reset.useCodeBelow': 'Usa questo codice per reimpostare la password:',
  'mail.reset.validity':
    'Il codice è valido per 10 minuti. Se non l’hai richiesto, ignora questa e-mail; la tua password resta invariata.',
  'mail.attempt.title': 'Qualcuno ha tentato di registrarsi con il tuo indirizzo e-mail',
  'mail.attempt.subject': '{brand}: qualcuno ha tentato di registrarsi con il tuo indirizzo e-mail',
  'mail.attempt.body':
    'Qualcuno, forse tu, ha tentato di creare un nuovo account {brand} con questo indirizzo. Ne hai già uno, quindi non è stato creato nulla.',
  'mail.attempt.signIn': 'Accedi',
  'mail.attempt.signInLine': 'Accedi: {link}',
  'mail.attempt.forgot': 'Password dimenticata?',
  'mail.attempt.resetIt': 'Reimpostala',
  'mail.attempt.resetLine': 'Password dimenticata? Reimpostala: {link}',
  'mail.attempt.ignore': 'Se non sei stato tu, ignora questa e-mail; il tuo account resta invariato.',
  'status.Unlocked': 'Sbloccato',
  'status.Failed': 'Non riuscito',
  'mail.status.subject': '{brand}: ticket {ticketNumber}: {about}',
  'mail.status.Unlocked.about': 'il tuo file modificato è pronto',
  'mail.status.Unlocked.line': 'Il tuo file modificato è sbloccato. Apri il ticket per scaricarlo.',
  'mail.status.Failed.about': 'non siamo riusciti a completare il tuo file',
  'mail.status.Failed.line':
    'Qualcosa è andato storto durante la modifica del file. Se sono stati addebitati crediti, sono stati rimborsati. Scrivi al supporto dalla chat del ticket per i dettagli.',
  'mail.status.now': 'Il ticket {ticketNumber} è ora: {status}',
  'mail.ticket.open': 'Apri il ticket {ticketNumber}',
  'mail.rate.prompt': 'Valuta questo file:',
  stars: '{count, plural, one {# stella} other {# stelle}}',
  'mail.codes.removed': 'Codici di errore rimossi:',
  'mail.lowRating.subject': '{brand}: il ticket {ticketNumber} ha ricevuto {stars}',
  'mail.lowRating.line':
    '{customer} ha valutato il file modificato del ticket {ticketNumber} con {stars} su 5.',
  'mail.lowRating.title': 'Ticket {ticketNumber}: una valutazione bassa',
  'mail.lowRating.comment': 'Il suo commento: {comment}',
};
