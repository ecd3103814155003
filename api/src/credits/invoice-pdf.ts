import { countryName, formatGBP, formatSerialNo, penceToPounds, VAT_PERCENT } from '@ecu/shared';
import type { Config } from '../config';
import type { payments } from '../db/schema';
import type { UserRow } from '../http/context';
import { BOLD, LEFT, newPdf, REGULAR, RIGHT, ukDate } from './pdf-layout';

type PaymentRow = typeof payments.$inferSelect;

/**
 * A VAT invoice for a completed payment: the seller block of the settings (by default the
 * COMPANY_* configuration), the buyer's name and address, the package line, subtotal, VAT and
 * total in GBP.
 */
export function renderInvoicePdf(params: {
  payment: PaymentRow;
  buyer: UserRow;
  company: Config['company'];
}): Promise<Buffer> {
  const { payment, buyer, company } = params;
  const serial = formatSerialNo(payment.serialNo);
  const { doc, done } = newPdf({
    Title: `VAT invoice ${serial}`,
    Author: company.name,
    Subject: 'Credit purchase',
  });
  const left = LEFT;
  const right = RIGHT;
  doc.font(BOLD).fontSize(22).fillColor('#0b1220').text('VAT INVOICE', left, 50);
  doc.font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(`Invoice number: ${serial}`, 330, 55, { width: right - 330, align: 'right' });
  doc.text(`Date: ${ukDate(payment.completedAt ?? payment.createdAt)}`, 330, 70, {
    width: right - 330,
    align: 'right',
  });

  doc.font(BOLD).fontSize(11).fillColor('#0b1220').text('From', left, 110);
  doc.font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(company.name, left, 126);
  doc.text(company.address, left, doc.y, { width: 230 });
  doc.text(`VAT number: ${company.vatId}`, left, doc.y);

  const buyerName = `${buyer.firstName} ${buyer.lastName}`.trim() || buyer.email;
  const address = [buyer.address, buyer.city, buyer.postalCode, countryName(buyer.country)]
    .filter(Boolean)
    .join(', ');
  doc.font(BOLD).fontSize(11).fillColor('#0b1220').text('Bill To', 320, 110);
  doc.font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(buyerName, 320, 126, { width: right - 320 });
  doc.text(address || 'Address not available', 320, doc.y, { width: right - 320 });
  doc.text(buyer.email, 320, doc.y, { width: right - 320 });

  const tableTop = 220;
  doc.rect(left, tableTop, right - left, 22).fill('#0b1220');
  doc.font(BOLD).fontSize(10).fillColor('#ffffff');
  doc.text('Description', left + 8, tableTop + 6);
  doc.text('Qty', 330, tableTop + 6, { width: 40, align: 'right' });
  doc.text('Amount', 440, tableTop + 6, { width: right - 448, align: 'right' });

  const rowY = tableTop + 32;
  doc.font(REGULAR).fillColor('#1f2933');
  doc.text(`ECU tuning credits (${payment.packageId})`, left + 8, rowY);
  doc.text(String(payment.credits), 330, rowY, { width: 40, align: 'right' });
  doc.text(formatGBP(penceToPounds(payment.subtotalPence)), 440, rowY, {
    width: right - 448,
    align: 'right',
  });
  doc
    .moveTo(left, rowY + 20)
    .lineTo(right, rowY + 20)
    .strokeColor('#e5e7eb')
    .stroke();

  const totals: [string, number][] = [
    ['Subtotal', payment.subtotalPence],
    [`VAT (${VAT_PERCENT}%)`, payment.vatPence],
    ['Total', payment.amountPence],
  ];
  let y = rowY + 34;
  for (const [label, pence] of totals) {
    const bold = label === 'Total';
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(bold ? 12 : 10)
      .fillColor('#1f2933');
    doc.text(label, 330, y, { width: 100, align: 'right' });
    doc.text(formatGBP(penceToPounds(pence)), 440, y, { width: right - 448, align: 'right' });
    y += bold ? 22 : 18;
  }

  doc.font(REGULAR).fontSize(9).fillColor('#6b7280');
  doc.text(
    `Paid by card on ${ukDate(payment.completedAt ?? payment.createdAt)}. Amounts in GBP. Credit payments are non-refundable and non-transferable; credits are refunded if a file issue cannot be resolved.`,
    left,
    y + 30,
    { width: right - left },
  );
  doc.end();
  return done;
}
