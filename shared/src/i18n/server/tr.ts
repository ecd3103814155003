import type { ServerCatalogue } from './en';

export const tr: ServerCatalogue = {
  tagline: 'Dünyanın önde gelen dosya portalı',
  'mail.footer':
    'Bu e-postayı {brand} hesabınızdaki bir işlem nedeniyle aldınız. Bu işlemi siz yapmadıysanız dikkate almayın.',
  'mail.verify.title': 'E-posta adresinizi doğrulayın',
  'mail.verify.subject': '{brand}: e-posta adresinizi doğrulayın',
  'mail.verify.openLink':
    '{brand} portalına hoş geldiniz. E-posta adresinizi doğrulamak için bu bağlantıyı açın:',
  'mail.verify.clickButton':
    '{brand} portalına hoş geldiniz. E-posta adresinizi doğrulamak için düğmeye tıklayın.',
  'mail.verify.button': 'E-postayı doğrula',
  'mail.verify.paste': 'Ya da bu bağlantıyı tarayıcınıza yapıştırın:',
  'mail.verify.validity': 'Bağlantı 24 saat geçerlidir ve bir kez çalışır.',
  'mail.reset.title': 'Şifre sıfırlama kodunuz',
  'mail.reset.subject': '{brand}: şifre sıfırlama kodunuz {otp}',
  'mail.reset.useCode': '{brand} şifrenizi sıfırlamak için bu kodu kullanın: {otp}',
  'mail.reset.useCodeBelow': 'Şifrenizi sıfırlamak için bu kodu kullanın:',
  'mail.reset.validity':
    'Kod 10 dakika geçerlidir. Siz istemediyseniz bu e-postayı dikkate almayın; şifreniz olduğu gibi kalır.',
  'mail.attempt.title': 'Biri e-posta adresinizle kaydolmaya çalıştı',
  'mail.attempt.subject': '{brand}: biri e-posta adresinizle kaydolmaya çalıştı',
  'mail.attempt.body':
    'Biri, belki de siz, bu adresle yeni bir {brand} hesabı oluşturmaya çalıştı. Zaten bir hesabınız olduğu için hiçbir şey oluşturulmadı.',
  'mail.attempt.signIn': 'Giriş yap',
  'mail.attempt.signInLine': 'Giriş yap: {link}',
  'mail.attempt.forgot': 'Şifrenizi mi unuttunuz?',
  'mail.attempt.resetIt': 'Sıfırlayın',
  'mail.attempt.resetLine': 'Şifrenizi mi unuttunuz? Sıfırlayın: {link}',
  'mail.attempt.ignore': 'Bu siz değilseniz bu e-postayı dikkate almayın; hesabınız olduğu gibi kalır.',
  'status.Unlocked': 'Kilidi açıldı',
  'status.Failed': 'Başarısız',
  'mail.status.subject': '{brand}: talep {ticketNumber}: {about}',
  'mail.status.Unlocked.about': 'düzenlenmiş dosyanız hazır',
  'mail.status.Unlocked.line': 'Düzenlenmiş dosyanızın kilidi açıldı. İndirmek için talebi açın.',
  'mail.status.Failed.about': 'dosyanızı tamamlayamadık',
  'mail.status.Failed.line':
    'Dosya düzenlenirken bir sorun oluştu. Bunun için kredi alındıysa iade edildi. Ayrıntılar için talep sohbetinden desteğe yazın.',
  'mail.status.now': '{ticketNumber} numaralı talebin durumu artık: {status}',
  'mail.ticket.open': '{ticketNumber} numaralı talebi aç',
  'mail.rate.prompt': 'Bu dosyayı puanlayın:',
  stars: '{count, plural, one {# yıldız} other {# yıldız}}',
  'mail.codes.removed': 'Kaldırılan arıza kodları:',
  'mail.lowRating.subject': '{brand}: {ticketNumber} numaralı talep {stars} aldı',
  'mail.lowRating.line':
    '{customer}, {ticketNumber} numaralı talebin düzenlenmiş dosyasına 5 üzerinden {stars} verdi.',
  'mail.lowRating.title': 'Talep {ticketNumber}: düşük puan',
  'mail.lowRating.comment': 'Yorumu: {comment}',
};
