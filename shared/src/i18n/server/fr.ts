import type { ServerCatalogue } from './en';

export const fr: ServerCatalogue = {
  tagline: 'Le portail de fichiers de référence mondiale',
  'mail.footer':
    'Vous recevez cet e-mail à la suite d’une action sur votre compte {brand}. Si ce n’était pas vous, ignorez-le.',
  'mail.verify.title': 'Confirmez votre adresse e-mail',
  'mail.verify.subject': '{brand} : confirmez votre adresse e-mail',
  'mail.verify.openLink': 'Bienvenue sur {brand}. Ouvrez ce lien pour confirmer votre adresse e-mail :',
  'mail.verify.clickButton':
    'Bienvenue sur {brand}. Cliquez sur le bouton pour confirmer votre adresse e-mail.',
  'mail.verify.button': 'Confirmer l’e-mail',
  'mail.verify.paste': 'Ou collez ce lien dans votre navigateur :',
  'mail.verify.validity': 'Le lien est valable 24 heures et ne fonctionne qu’une fois.',
  'mail.reset.title': 'Votre code de réinitialisation du mot de passe',
  'mail.reset.subject': '{brand} : votre code de réinitialisation du mot de passe est {otp}',
  'mail.reset.useCode': 'Utilisez ce code pour réinitialiser votre mot de passe {brand} : {otp}',
  'mail.reset.useCodeBelow': 'Utilisez ce code pour réinitialiser votre mot de passe :',
  'mail.reset.validity':
    'Le code est valable 10 minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.',
  'mail.attempt.title': 'Quelqu’un a tenté de s’inscrire avec votre adresse e-mail',
  'mail.attempt.subject': '{brand} : quelqu’un a tenté de s’inscrire avec votre adresse e-mail',
  'mail.attempt.body':
    'Quelqu’un, peut-être vous, a tenté de créer un nouveau compte {brand} avec cette adresse. Vous en avez déjà un, rien n’a donc été créé.',
  'mail.attempt.signIn': 'Se connecter',
  'mail.attempt.signInLine': 'Se connecter : {link}',
  'mail.attempt.forgot': 'Mot de passe oublié ?',
  'mail.attempt.resetIt': 'Le réinitialiser',
  'mail.attempt.resetLine': 'Mot de passe oublié ? Le réinitialiser : {link}',
  'mail.attempt.ignore': 'Si ce n’était pas vous, ignorez cet e-mail ; votre compte reste inchangé.',
  'status.Unlocked': 'Débloqué',
  'status.Failed': 'Échec',
  'mail.status.subject': '{brand} : ticket {ticketNumber} : {about}',
  'mail.status.Unlocked.about': 'votre fichier optimisé est prêt',
  'mail.status.Unlocked.line': 'Votre fichier optimisé est débloqué. Ouvrez le ticket pour le télécharger.',
  'mail.status.Failed.about': 'nous n’avons pas pu terminer votre fichier',
  'mail.status.Failed.line':
    'Un problème est survenu lors de l’optimisation du fichier. Si des crédits ont été débités, ils ont été remboursés. Écrivez au support depuis le chat du ticket pour en savoir plus.',
  'mail.status.now': 'Le ticket {ticketNumber} est maintenant : {status}',
  'mail.ticket.open': 'Ouvrir le ticket {ticketNumber}',
  'mail.rate.prompt': 'Notez ce fichier :',
  stars: '{count, plural, one {# étoile} other {# étoiles}}',
  'mail.codes.removed': 'Codes défaut supprimés :',
  'mail.lowRating.subject': '{brand} : le ticket {ticketNumber} a reçu {stars}',
  'mail.lowRating.line': '{customer} a donné {stars} sur 5 au fichier optimisé du ticket {ticketNumber}.',
  'mail.lowRating.title': 'Ticket {ticketNumber} : une note basse',
  'mail.lowRating.comment': 'Son commentaire : {comment}',
};
