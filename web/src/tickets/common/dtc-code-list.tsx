import { type DtcCodeDto, dtcLabel } from '@ecu/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import './dtc-codes.css';

/** Shared's words for a code without a description, in the reader's language. */
const NO_DESCRIPTION = {
  'manufacturer-specific': msg`manufacturer-specific`,
  'generic code': msg`generic code`,
} as const;

/**
 * A ticket's fault codes as the customer and the desk read them: each code, its description
 * (or 'manufacturer-specific') and whether the delivered file no longer raises it
 * (docs/decisions/092-fault-code-lists.md).
 */
export function DtcCodeList({
  codes,
  label,
}: {
  codes: readonly DtcCodeDto[];
  /** 'Fault codes' unless given. */
  label?: string;
}) {
  const { t, i18n } = useLingui();
  const describe = (code: string) => {
    const text = dtcLabel(code);
    return text in NO_DESCRIPTION ? i18n._(NO_DESCRIPTION[text as keyof typeof NO_DESCRIPTION]) : text;
  };
  return (
    <ul className="dtc-list" aria-label={label ?? t`Fault codes`}>
      {codes.map((c) => (
        <li key={c.code} className={`dtc-item${c.removed ? ' dtc-removed' : ''}`}>
          <span className="dtc-code">{c.code}</span>
          <span className="dtc-label muted">{describe(c.code)}</span>
          <span className={`badge ${c.removed ? 'badge-free' : 'badge-neutral'}`}>
            {c.removed ? t`Removed` : t`To remove`}
          </span>
        </li>
      ))}
    </ul>
  );
}
