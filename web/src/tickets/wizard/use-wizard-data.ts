import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  type DraftStep,
  fromNavState,
  isPlanComplete,
  isVehicleComplete,
  loadDraft,
  newWizard,
  type WizardData,
  wasSubmitted,
} from './wizard-state';

export type WizardNeed = 'nothing' | 'vehicle' | 'plan';

export type WizardLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; data: WizardData; restored: boolean; from: string };

/** Steps a saved draft must have reached before a page may open from it after a reload. */
const DRAFT_STEPS: Record<WizardNeed, DraftStep[]> = {
  nothing: ['upload-file', 'modification-plan', 'overview'],
  vehicle: ['modification-plan', 'overview'],
  plan: ['overview'],
};

function fresh(): WizardLoad {
  return { status: 'ready', data: newWizard(), restored: false, from: '' };
}

function complete(need: WizardNeed, data: WizardData | null): data is WizardData {
  if (need === 'vehicle') return isVehicleComplete(data);
  if (need === 'plan') return isPlanComplete(data);
  return Boolean(data);
}

/**
 * The wizard a page starts from: the navigation state when it carries what the page needs
 * (docs/product.md#4-the-upload-wizard: data travels in navigation state), else the draft saved on
 * this device (a reload keeps the work), else nothing: step 1 starts a new one, steps 2 and 3 go back.
 */
export function useWizardData(need: WizardNeed): WizardLoad {
  const location = useLocation();
  const [load, setLoad] = useState<WizardLoad>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const stateFrom = (location.state as { from?: string } | null)?.from ?? '';
    (async (): Promise<WizardLoad> => {
      let fromState = fromNavState(location.state);
      // Browser Back into a wizard that was already submitted must not offer it again.
      if (fromState && (await wasSubmitted(fromState.clientId))) fromState = null;
      const draft = await loadDraft();
      // The draft is saved on every change, so for the same wizard it is the newest copy
      // (navigation state survives a reload but holds what the step was opened with).
      if (draft && fromState && draft.clientId === fromState.clientId && complete(need, draft)) {
        return { status: 'ready', data: draft, restored: false, from: stateFrom };
      }
      if (complete(need, fromState))
        return { status: 'ready', data: fromState, restored: false, from: stateFrom };
      if (draft && DRAFT_STEPS[need].includes(draft.step) && complete(need, draft)) {
        return { status: 'ready', data: draft, restored: true, from: 'draft' };
      }
      return need === 'nothing' ? fresh() : { status: 'missing' };
    })()
      .catch((): WizardLoad => (need === 'nothing' ? fresh() : { status: 'missing' }))
      .then((result) => {
        if (!cancelled) setLoad(result);
      });
    return () => {
      cancelled = true;
    };
  }, [location.state, need]);

  return load;
}
