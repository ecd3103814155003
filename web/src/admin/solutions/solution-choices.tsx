import { Trans } from '@lingui/react/macro';
import { useId } from 'react';

/**
 * The two choices made with a new solution, from a delivered ticket or from an uploaded pair:
 * approve it at once, and whether its ranges include the ECU's checksum
 * (docs/decisions/085-solution-library.md).
 */
export function SolutionChoices({
  approve,
  onApprove,
  includesChecksum,
  onIncludesChecksum,
  disabled,
}: {
  approve: boolean;
  onApprove: (on: boolean) => void;
  includesChecksum: boolean;
  onIncludesChecksum: (on: boolean) => void;
  disabled?: boolean;
}) {
  const approveId = useId();
  const checksumId = useId();
  return (
    <>
      <label className="check solution-check" htmlFor={approveId}>
        <input
          id={approveId}
          type="checkbox"
          checked={approve}
          disabled={disabled}
          onChange={(e) => onApprove(e.target.checked)}
        />
        <Trans>Approve at once for automatic delivery</Trans>
      </label>
      <label className="check solution-check" htmlFor={checksumId}>
        <input
          id={checksumId}
          type="checkbox"
          checked={includesChecksum}
          disabled={disabled}
          onChange={(e) => onIncludesChecksum(e.target.checked)}
        />
        <Trans>The changed ranges include the checksum</Trans>
      </label>
    </>
  );
}
