import { type DtcCodeDto, dtcLabel } from '@ecu/shared';
import './dtc-codes.css';

/**
 * A ticket's fault codes as the customer and the desk read them: each code, its description
 * (or 'manufacturer-specific') and whether the delivered file no longer raises it
 * (docs/decisions/092-fault-code-lists.md).
 */
export function DtcCodeList({
  codes,
  label = 'Fault codes',
}: {
  codes: readonly DtcCodeDto[];
  label?: string;
}) {
  return (
    <ul className="dtc-list" aria-label={label}>
      {codes.map((c) => (
        <li key={c.code} className={`dtc-item${c.removed ? ' dtc-removed' : ''}`}>
          <span className="dtc-code">{c.code}</span>
          <span className="dtc-label muted">{dtcLabel(c.code)}</span>
          <span className={`badge ${c.removed ? 'badge-free' : 'badge-neutral'}`}>
            {c.removed ? 'Removed' : 'To remove'}
          </span>
        </li>
      ))}
    </ul>
  );
}
