import type { SolutionDto, SolutionState } from '@ecu/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { domainName } from '../../i18n';

export const STATE_LABELS: Record<SolutionState, MessageDescriptor> = {
  draft: msg`Draft`,
  approved: msg`Approved`,
  retired: msg`Retired`,
};

/** The badge of a state, with the colours the other admin badges use (AA in both themes). */
export function stateBadgeClass(state: SolutionState): string {
  if (state === 'approved') return 'admin-badge-completed';
  if (state === 'draft') return 'badge-pending';
  return 'badge-offline';
}

/** 'Bosch EDC17C46', or the words for an ECU the server could not name. */
export function ecuName(s: Pick<SolutionDto, 'maker' | 'family'>, i18n: I18n): string {
  return [s.maker, s.family].filter(Boolean).join(' ') || i18n._(msg`Unknown ECU`);
}

/** 'Stage 1 + EGR OFF': the stage (if any) and the options a solution delivers. */
export function planText(s: Pick<SolutionDto, 'stage' | 'options'>, i18n: I18n): string {
  return (
    [s.stage && domainName(i18n, s.stage), ...s.options].filter(Boolean).join(' + ') ||
    i18n._(msg`No changes`)
  );
}
