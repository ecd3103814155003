import { describe, expect, it, vi } from 'vitest';
import type { Workbox, WorkboxLifecycleEvent } from 'workbox-window';
import { followServiceWorkerUpdates } from './service-worker-updates';

/** Workbox's listener table as the page registers it; the test fires its lifecycle events. */
function fakeWorkbox() {
  const listeners = new Map<string, ((event: WorkboxLifecycleEvent) => void)[]>();
  const wb = {
    addEventListener: (type: string, listener: (event: WorkboxLifecycleEvent) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  } as unknown as Pick<Workbox, 'addEventListener'>;
  const fire = (type: 'waiting' | 'controlling', isUpdate: boolean | undefined) => {
    for (const listener of listeners.get(type) ?? []) {
      listener({ type, isUpdate, target: undefined } as unknown as WorkboxLifecycleEvent);
    }
  };
  return { wb, fire };
}

describe('the page and its service worker', () => {
  it.each([
    { case: 'the first install takes control', isUpdate: false, reloads: 0 },
    { case: 'a worker takes control, the update flag unset', isUpdate: undefined, reloads: 0 },
    { case: 'a new version takes control', isUpdate: true, reloads: 1 },
  ])('$case: reloads $reloads time(s)', ({ isUpdate, reloads }) => {
    const { wb, fire } = fakeWorkbox();
    const reload = vi.fn();
    followServiceWorkerUpdates(wb, { onWaiting: () => {}, reload });
    fire('controlling', isUpdate);
    expect(reload).toHaveBeenCalledTimes(reloads);
  });

  it('offers a waiting version without reloading', () => {
    const { wb, fire } = fakeWorkbox();
    const reload = vi.fn();
    const onWaiting = vi.fn();
    followServiceWorkerUpdates(wb, { onWaiting, reload });
    fire('waiting', true);
    expect(onWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });
});
