// The code the pool's worker threads run (worker-pool.ts). Each export is one task; it gets
// plain data and returns plain data. Kept small: every worker loads this file and what it imports.
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { type EcuIdentification, type IdentifyEcuOptions, identifyEcu } from '@ecu/shared/ecu-identify/index';

/** Set by a PoolLine run with a time budget: the task says when it starts, and the clock starts. */
export interface Started {
  runId?: number;
}

/** The message a task posts as it starts (worker-pool.ts starts its budget on it). */
export interface RunStarted {
  runStarted: number;
}

function started({ runId }: Started): void {
  if (runId !== undefined) parentPort?.postMessage({ runStarted: runId } satisfies RunStarted);
}

export interface IdentifyTask extends Started {
  bytes: Uint8Array;
  expected: IdentifyEcuOptions['expected'];
}

export function identify(task: IdentifyTask): EcuIdentification {
  started(task);
  return identifyEcu(task.bytes, { expected: task.expected });
}

export interface ScryptTask {
  password: string;
  salt: string;
  N: number;
  r: number;
  p: number;
  keyLength: number;
  maxmem: number;
}

/** Synchronous on purpose: the worker thread is the unit the pool counts, not libuv's pool. */
export function scrypt({ password, salt, keyLength, ...options }: ScryptTask): Uint8Array {
  return scryptSync(password, salt, keyLength, options);
}
