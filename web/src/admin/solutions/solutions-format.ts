import type { SolutionDto, SolutionState } from '@ecu/shared';

export const STATE_LABELS: Record<SolutionState, string> = {
  draft: 'Draft',
  approved: 'Approved',
  retired: 'Retired',
};

/** The badge of a state, with the colours the other admin badges use (AA in both themes). */
export function stateBadgeClass(state: SolutionState): string {
  if (state === 'approved') return 'admin-badge-completed';
  if (state === 'draft') return 'badge-pending';
  return 'badge-offline';
}

/** 'Bosch EDC17C46', or the words for an ECU the server could not name. */
export function ecuName(s: Pick<SolutionDto, 'maker' | 'family'>): string {
  return [s.maker, s.family].filter(Boolean).join(' ') || 'Unknown ECU';
}

/** 'Stage 1 + EGR OFF': the stage (if any) and the options a solution delivers. */
export function planText(s: Pick<SolutionDto, 'stage' | 'options'>): string {
  return [s.stage, ...s.options].filter(Boolean).join(' + ') || 'No changes';
}
