/// <reference lib="webworker" />
// The module path, not the package index: the worker chunk holds the identifier and nothing else.
import { identifyEcu } from '@ecu/shared/ecu-identify/index';
import type { EcuIdentification, IdentifyEcuOptions } from '@ecu/shared/ecu-identify/schema';

export interface EcuIdentifyRequest {
  /** Sent as it is: a File is cloned by reference, its bytes are read here, off the page's thread. */
  file: Blob;
  expected: IdentifyEcuOptions['expected'];
}

export type EcuIdentifyAnswer = { ok: true; result: EcuIdentification } | { ok: false; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', async (event: MessageEvent<EcuIdentifyRequest>) => {
  const { file, expected } = event.data;
  let answer: EcuIdentifyAnswer;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    answer = { ok: true, result: identifyEcu(bytes, { expected }) };
  } catch (err) {
    answer = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(answer);
});
