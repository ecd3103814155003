import { type EcuIdentification, formatFileSize, type Locale } from '@ecu/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatLocale } from '../../i18n';

type Row = [label: string, value: string];

function rowsOf(result: EcuIdentification, i18n: I18n, locale: Locale): Row[] {
  const family = result.family && result.fuel ? `${result.family} (${result.fuel})` : result.family;
  const rows: [string, string | null][] = [
    [i18n._(msg`Maker`), result.maker],
    [i18n._(msg`ECU family`), family],
    [i18n._(msg`Hardware number`), result.hardwareNumber],
    [i18n._(msg`Software number`), result.softwareNumber],
    [i18n._(msg`Part number`), result.partNumber],
    [i18n._(msg`VIN`), result.vin],
    [i18n._(msg`Flash size`), result.flashSize === null ? null : formatFileSize(result.flashSize, locale)],
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
  heading,
  card = false,
}: {
  result: EcuIdentification;
  /** 'ECU identification' unless given. */
  heading?: string;
  card?: boolean;
}) {
  const headingId = useId();
  const { t, i18n } = useLingui();
  const locale = formatLocale(i18n);
  const rows = rowsOf(result, i18n, locale);
  const Heading = card ? 'h2' : 'h3';
  // The file's size says something only when it is no known flash size.
  const sizeRow: Row[] =
    result.flashSize === result.fileSize ? [] : [[t`File size`, formatFileSize(result.fileSize, locale)]];
  return (
    <section className={card ? 'card ticket-card ecu-id' : 'ecu-id'} aria-labelledby={headingId}>
      <Heading id={headingId} className="ecu-id-heading">
        {heading ?? t`ECU identification`}
      </Heading>
      {rows.length === 0 && (
        <p className="muted ecu-id-none">
          <Trans>Nothing recognisable in this file.</Trans>
        </p>
      )}
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
                <strong>
                  <Trans>Warning:</Trans>
                </strong>{' '}
                {w.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
