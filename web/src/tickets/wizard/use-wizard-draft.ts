import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isPlanComplete, isVehicleComplete, newWizard } from './wizard-state';
import {
  hasReached,
  legacyDraftsSettled,
  moveLegacyDraftsOnce,
  readDraft,
  type WizardDraft,
} from './wizard-store';

/**
 * Navigation state of a move inside the wizard (Continue, Back, Edit). It carries no data,
 * only where the tuner came from: step 1 offers "Start over" for a draft found on arrival from
 * elsewhere, not for the one the tuner is working on.
 */
export const IN_WIZARD = { wizard: true } as const;

function cameFromWizard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'wizard' in state && state.wizard === true;
}

/** The signed-in account's draft, live: undefined while it is read, null when there is none. */
export function useWizardDraft(): WizardDraft | null | undefined {
  const [ready, setReady] = useState(legacyDraftsSettled);
  useEffect(() => {
    if (ready) return;
    let live = true;
    moveLegacyDraftsOnce().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return useLiveQuery(() => (ready ? readDraft() : undefined), [ready]);
}

export type WizardNeed = 'nothing' | 'vehicle' | 'plan';

export type WizardLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; data: WizardDraft; restored: boolean };

const LOADING: WizardLoad = { status: 'loading' };

function opening(need: WizardNeed, draft: WizardDraft | null, fromWizard: boolean): WizardLoad {
  if (need === 'nothing') {
    if (draft) return { status: 'ready', data: draft, restored: !fromWizard };
    return { status: 'ready', data: { ...newWizard(), reached: 'upload-file' }, restored: false };
  }
  const open =
    need === 'vehicle'
      ? draft !== null && hasReached(draft, 'modification-plan') && isVehicleComplete(draft)
      : draft !== null && hasReached(draft, 'overview') && isPlanComplete(draft);
  return open && draft ? { status: 'ready', data: draft, restored: false } : { status: 'missing' };
}

/**
 * The draft a step opens with (docs/product.md#4-the-upload-wizard): step 1 any draft or a new
 * one, step 2 a draft that continued past step 1 complete, step 3 one that continued past
 * step 2 complete; otherwise 'missing' (the page goes to step 1). Read once when the page
 * opens: the form then holds its own copy and writes it back, as a second tab does with its own.
 */
export function useWizardPage(need: WizardNeed): WizardLoad {
  const draft = useWizardDraft();
  const { state } = useLocation();
  const [opened, setOpened] = useState<WizardLoad | null>(null);
  if (opened) return opened;
  if (draft === undefined) return LOADING;
  const next = opening(need, draft, cameFromWizard(state));
  setOpened(next);
  return next;
}
