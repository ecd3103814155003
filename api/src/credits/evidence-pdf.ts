import { countryName, formatGBP, formatSerialNo, penceToPounds, VAT_PERCENT } from '@ecu/shared';
import type { PaymentEvidence } from './evidence-queries';
import { BOLD, LEFT, newPdf, REGULAR, RIGHT, ukDateTime } from './pdf-layout';

const NOT_RECORDED = 'not recorded';

/**
 * The chargeback evidence of one payment as a PDF (docs/product.md#9-the-admin-desk): the order
 * and its invoice, the customer, the terms they accepted, the tickets and downloads that spent
 * credits after it, with times and IP addresses, and the customer's ledger from the payment on.
 * What was not recorded at the time (terms before sign-ups recorded them, downloads before they
 * were logged) is said to be 'not recorded'.
 */
export function renderEvidencePdf(evidence: PaymentEvidence, generatedAt: Date): Promise<Buffer> {
  const { payment, payer, ledger, charges } = evidence;
  const serial = formatSerialNo(payment.serialNo);
  const { doc, done } = newPdf({ Title: `Payment evidence ${serial}`, Subject: 'Chargeback evidence' });
  const width = RIGHT - LEFT;

  const heading = (text: string) => {
    doc.moveDown(0.8);
    doc.font(BOLD).fontSize(12).fillColor('#0b1220').text(text, LEFT, doc.y, { width });
    doc.moveDown(0.2);
    doc.font(REGULAR).fontSize(10).fillColor('#1f2933');
  };
  const line = (text: string) => doc.text(text, LEFT, doc.y, { width });

  doc.font(BOLD).fontSize(20).fillColor('#0b1220').text('PAYMENT EVIDENCE', LEFT, 50, { width });
  doc.font(REGULAR).fontSize(9).fillColor('#374151');
  line(`Generated ${ukDateTime(generatedAt)}. All times in UTC; amounts in GBP.`);

  heading('Order and invoice');
  line(`Order id: ${payment.id}`);
  line(`Invoice number: ${serial}`);
  line(`Status: ${payment.status}`);
  line(`Created: ${ukDateTime(payment.createdAt)}`);
  line(`Completed: ${payment.completedAt ? ukDateTime(payment.completedAt) : 'not completed'}`);
  line(`Provider: ${payment.provider}, reference ${payment.providerPaymentId ?? 'none'}`);
  line(
    `Invoice line: ECU tuning credits (${payment.packageId}), ${payment.credits} credits, ${formatGBP(penceToPounds(payment.subtotalPence))}`,
  );
  line(`Subtotal: ${formatGBP(penceToPounds(payment.subtotalPence))}`);
  line(`VAT (${VAT_PERCENT}%): ${formatGBP(penceToPounds(payment.vatPence))}`);
  line(`Total: ${formatGBP(penceToPounds(payment.amountPence))}`);

  heading('Customer');
  const name = `${payer.firstName} ${payer.lastName}`.trim();
  const address = [payer.address, payer.city, payer.postalCode, countryName(payer.country)]
    .filter(Boolean)
    .join(', ');
  line(`Name: ${name || 'not given'}`);
  line(`E-mail: ${payer.email}`);
  line(`Address: ${address || 'not given'}`);
  line(`Signed up: ${ukDateTime(payer.createdAt)}`);

  heading('Terms accepted');
  line(
    payer.termsVersion && payer.termsAcceptedAt
      ? `Terms version ${payer.termsVersion}, accepted at sign-up on ${ukDateTime(payer.termsAcceptedAt)}`
      : `Terms acceptance: ${NOT_RECORDED} (the account predates its recording).`,
  );

  heading('Credits spent after this payment');
  if (charges.length === 0) line('No tuned file was charged after this payment.');
  for (const charge of charges) {
    doc.font(BOLD);
    line(`Ticket ${charge.ticketNumber}: ${charge.vehicle}`);
    doc.font(REGULAR);
    line(`Charged ${charge.credits} credits on ${ukDateTime(charge.chargedAt)}`);
    if (charge.downloads.length === 0) line(`Downloads: ${NOT_RECORDED}`);
    for (const d of charge.downloads) {
      line(
        `Downloaded ${ukDateTime(d.createdAt)} from IP ${d.ipAddress}; browser: ${d.userAgent ?? NOT_RECORDED}`,
      );
    }
    doc.moveDown(0.3);
  }

  heading('Ledger from this payment on');
  if (ledger.length === 0) line('No ledger lines.');
  for (const l of ledger) {
    const delta = l.delta > 0 ? `+${l.delta}` : String(l.delta);
    line(
      `${ukDateTime(l.createdAt)}  ${l.kind}  ${delta}  balance ${l.balanceAfter}${l.reference ? `  ${l.reference}` : ''}${l.note ? `  (${l.note})` : ''}`,
    );
  }
  doc.end();
  return done;
}
