import {
  asLocale,
  countryName,
  formatGBP,
  formatSerialNo,
  intlTag,
  type Locale,
  penceToPounds,
  VAT_PERCENT,
} from '@ecu/shared';
import { serverMessages } from '@ecu/shared/i18n/server-messages';
import type { Config } from '../config';
import type { payments } from '../db/schema';
import type { UserRow } from '../http/context';
import { BOLD, LEFT, newPdf, REGULAR, RIGHT, ukDate } from './pdf-layout';

type PaymentRow = typeof payments.$inferSelect;

/**
 * The language of a buyer's invoice: theirs, except Arabic, which pdfkit cannot set (it neither
 * joins Arabic letters nor orders right-to-left text, and Noto Sans has no Arabic glyphs): an
 * Arabic buyer's invoice is English (docs/decisions/093-languages.md).
 */
export function invoiceLocale(locale: unknown): Locale {
  const wanted = asLocale(locale);
  return wanted === 'ar' ? 'en' : wanted;
}

/** A date as the invoice prints it: English '03 Dec 2026' as before; another language its own way. */
function invoiceDate(d: Date, locale: Locale): string {
  if (locale === 'en') return ukDate(d);
  return new Intl.DateTimeFormat(intlTag(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

/** A country by its code, in the invoice's language (English keeps the portal's own names). */
function countryIn(code: string | null | undefined, locale: Locale): string | undefined {
  const english = countryName(code);
  if (!english || locale === 'en' || !code) return english;
  return new Intl.DisplayNames([intlTag(locale)], { type: 'region', fallback: 'none' }).of(code) ?? english;
}

/**
 * A VAT invoice for a completed payment: the seller block of the settings (by default the
 * COMPANY_* configuration), the buyer's name and address, the package line, subtotal, VAT and
 * total in GBP; in the buyer's language (`invoiceLocale`), whoever downloads it.
 */
export function renderInvoicePdf(params: {
  payment: PaymentRow;
  buyer: UserRow;
  company: Config['company'];
}): Promise<Buffer> {
  const { payment, buyer, company } = params;
  const locale = invoiceLocale(buyer.locale);
  const t = serverMessages(locale);
  const money = (pence: number) => formatGBP(penceToPounds(pence), locale);
  const serial = formatSerialNo(payment.serialNo);
  const date = invoiceDate(payment.completedAt ?? payment.createdAt, locale);
  const { doc, done } = newPdf({
    Title: t('invoice.docTitle', { serial }),
    Author: company.name,
    Subject: t('invoice.subject'),
  });
  const left = LEFT;
  const right = RIGHT;
  doc.font(BOLD).fontSize(22).fillColor('#0b1220').text(t('invoice.title'), left, 50);
  doc.font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(t('invoice.number', { serial }), 330, 55, { width: right - 330, align: 'right' });
  doc.text(t('invoice.date', { date }), 330, 70, {
    width: right - 330,
    align: 'right',
  });

  doc.font(BOLD).fontSize(11).fillColor('#0b1220').text(t('invoice.from'), left, 110);
  doc.font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(company.name, left, 126);
  doc.text(company.address, left, doc.y, { width: 230 });
  doc.text(t('invoice.vatNumber', { vatId: company.vatId }), left, doc.y);

  const buyerName = `${buyer.firstName} ${buyer.lastName}`.trim() || buyer.email;
  const address = [buyer.address, buyer.city, buyer.postalCode, countryIn(buyer.country, locale)]
    .filter(Boolean)
    .join(', ');
  doc.font(BOLD).fontSize(11).fillColor('#0b1220').text(t('invoice.billTo'), 320, 110);
  doc.font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(buyerName, 320, 126, { width: right - 320 });
  doc.text(address || t('invoice.noAddress'), 320, doc.y, { width: right - 320 });
  doc.text(buyer.email, 320, doc.y, { width: right - 320 });

  const tableTop = 220;
  doc.rect(left, tableTop, right - left, 22).fill('#0b1220');
  doc.font(BOLD).fontSize(10).fillColor('#ffffff');
  doc.text(t('invoice.description'), left + 8, tableTop + 6);
  doc.text(t('invoice.qty'), 330, tableTop + 6, { width: 40, align: 'right' });
  doc.text(t('invoice.amount'), 440, tableTop + 6, { width: right - 448, align: 'right' });

  const rowY = tableTop + 32;
  doc.font(REGULAR).fillColor('#1f2933');
  doc.text(t('invoice.item', { packageId: payment.packageId }), left + 8, rowY);
  doc.text(String(payment.credits), 330, rowY, { width: 40, align: 'right' });
  doc.text(money(payment.subtotalPence), 440, rowY, {
    width: right - 448,
    align: 'right',
  });
  doc
    .moveTo(left, rowY + 20)
    .lineTo(right, rowY + 20)
    .strokeColor('#e5e7eb')
    .stroke();

  const totals: [string, number, boolean][] = [
    [t('invoice.subtotal'), payment.subtotalPence, false],
    [t('invoice.vat', { percent: String(VAT_PERCENT) }), payment.vatPence, false],
    [t('invoice.total'), payment.amountPence, true],
  ];
  let y = rowY + 34;
  for (const [label, pence, bold] of totals) {
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(bold ? 12 : 10)
      .fillColor('#1f2933');
    // Right-aligned at the same edge as before; wide enough for a longer word than 'Subtotal'.
    doc.text(label, 230, y, { width: 200, align: 'right' });
    doc.text(money(pence), 440, y, { width: right - 448, align: 'right' });
    y += bold ? 22 : 18;
  }

  doc.font(REGULAR).fontSize(9).fillColor('#6b7280');
  doc.text(t('invoice.footer', { date }), left, y + 30, { width: right - left });
  doc.end();
  return done;
}
