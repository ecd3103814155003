import { type EcuIdentification, expectedEcuOf, type IdentifyEcuOptions } from '@ecu/shared';
import { useEffect, useState } from 'react';
import type { EcuIdentifyAnswer, EcuIdentifyRequest } from './ecu-identify.worker';

export type EcuIdentificationState =
  | { state: 'idle'; result: null }
  | { state: 'reading'; result: EcuIdentification | null }
  | { state: 'done'; result: EcuIdentification }
  | { state: 'failed'; result: null };

const IDLE: EcuIdentificationState = { state: 'idle', result: null };

function abortError(): DOMException {
  return new DOMException('The identification was cancelled', 'AbortError');
}

function inWorker(file: Blob, expected: IdentifyEcuOptions['expected'], signal?: AbortSignal) {
  return new Promise<EcuIdentification>((resolve, reject) => {
    const worker = new Worker(new URL('./ecu-identify.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(abortError());
    };
    const done = () => {
      worker.terminate();
      signal?.removeEventListener('abort', stop);
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<EcuIdentifyAnswer>) => {
      done();
      if (event.data.ok) resolve(event.data.result);
      else reject(new Error(event.data.message));
    };
    // The worker's script did not load or threw outside the handler.
    worker.onerror = (event) => {
      event.preventDefault();
      done();
      reject(new Error(event.message || 'The ECU identification worker failed'));
    };
    const request: EcuIdentifyRequest = { file, expected };
    worker.postMessage(request);
  });
}

/** Without Worker (tests, very old browsers): the same code on this thread, after a tick. */
async function onThisThread(file: Blob, expected: IdentifyEcuOptions['expected'], signal?: AbortSignal) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Loaded on demand, so the page's own chunk never carries the identifier.
  const { identifyEcu } = await import('@ecu/shared/ecu-identify/index');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (signal?.aborted) throw abortError();
  return identifyEcu(bytes, { expected });
}

/**
 * What the ECU read says about itself, worked out on this device before any upload
 * (docs/decisions/034-ecu-identification.md); `ecuId` is the picker's value, for the mismatch warning.
 */
export function identifyEcuFile(file: Blob, ecuId: string, signal?: AbortSignal): Promise<EcuIdentification> {
  const expected = expectedEcuOf(ecuId);
  if (signal?.aborted) return Promise.reject(abortError());
  return typeof Worker === 'undefined'
    ? onThisThread(file, expected, signal)
    : inWorker(file, expected, signal);
}

/**
 * The identification of the picked file, again whenever the file or the chosen ECU changes
 * (a file is at most 20 MB: reading it again is quicker than keeping the clues). While the
 * same file is read again the last result stays, so the view does not flicker.
 */
export function useEcuIdentification(file: File | Blob | null, ecuId: string): EcuIdentificationState {
  const [run, setRun] = useState<{ file: Blob | null; value: EcuIdentificationState }>({
    file: null,
    value: IDLE,
  });

  useEffect(() => {
    if (!file) {
      setRun({ file: null, value: IDLE });
      return;
    }
    const controller = new AbortController();
    setRun((prev) => ({
      file,
      value: { state: 'reading', result: prev.file === file ? prev.value.result : null },
    }));
    identifyEcuFile(file, ecuId, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) setRun({ file, value: { state: 'done', result } });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        // Only advice is lost: the file is still sent and the server identifies it again.
        console.warn('The ECU file could not be identified', err);
        setRun({ file, value: { state: 'failed', result: null } });
      },
    );
    return () => controller.abort();
  }, [file, ecuId]);

  // A render between a change of file and its effect must not show the last file's result.
  if (run.file !== file) return file ? { state: 'reading', result: null } : IDLE;
  return run.value;
}
