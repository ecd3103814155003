import { type EcuIdentification, formatFileSize } from '@ecu/shared';
import { useId } from 'react';

type Row = [label: string, value: string];

function rowsOf(result: EcuIdentification): Row[] {
  const family = result.family && result.fuel ? `${result.family} (${result.fuel})` : result.family;
  const rows: [string, string | null][] = [
    ['Maker', result.maker],
    ['ECU family', family],
    ['Hardware number', result.hardwareNumber],
    ['Software number', result.softwareNumber],
    ['Part number', result.partNumber],
    ['VIN', result.vin],
    ['Flash size', result.flashSize === null ? null : formatFileSize(result.flashSize)],
  ];
  return rows.filter((row): row is Row => row[1] !== null && row[1] !== '');
}

/**
 * What an ECU read says about itself (docs/decisions/034-ecu-identification.md): the fields
 * that were found, and the warnings as advice. Nothing here blocks anything; a tuner decides.
 * `card` makes it a ticket page's card (an h2); otherwise it sits under a field (an h3).
 */
export function EcuIdentificationView({
  result,
  heading = 'ECU identification',
  card = false,
}: {
  result: EcuIdentification;
  heading?: string;
  card?: boolean;
}) {
  const headingId = useId();
  const rows = rowsOf(result);
  const Heading = card ? 'h2' : 'h3';
  // The file's size says something only when it is no known flash size.
  const sizeRow: Row[] =
    result.flashSize === result.fileSize ? [] : [['File size', formatFileSize(result.fileSize)]];
  return (
    <section className={card ? 'card ticket-card ecu-id' : 'ecu-id'} aria-labelledby={headingId}>
      <Heading id={headingId} className="ecu-id-heading">
        {heading}
      </Heading>
      {rows.length === 0 && <p className="muted ecu-id-none">Nothing recognisable in this file.</p>}
      {rows.length + sizeRow.length > 0 && (
        <dl className="ticket-facts ecu-id-facts">
          {[...rows, ...sizeRow].map(([label, value]) => (
            <div key={label} className="ticket-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div role="status" className="ecu-id-warnings">
        {result.warnings.length > 0 && (
          <ul>
            {result.warnings.map((w) => (
              <li key={`${w.code}:${w.message}`} className="notice notice-warn">
                <strong>Warning:</strong> {w.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
