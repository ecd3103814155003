import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../http/app-error';
import type * as tasks from './worker-pool-tasks';
import type { RunStarted } from './worker-pool-tasks';

/**
 * CPU-heavy work runs here, off the thread that answers requests: ECU identification and
 * password hashing (docs/decisions/068-worker-pool.md). At most one task per core at once;
 * each kind of task waits in a line of its own, bounded, so one kind cannot fill the queue.
 */
export const POOL_THREADS = os.availableParallelism();

/**
 * Run from the TypeScript sources (tests, `pnpm dev`) the workers require the tasks' .ts file
 * through tsx's require hook (node 20 applies no module hooks in worker threads); from the
 * bundle they load the worker-pool-tasks.mjs that api/build.mjs writes beside this code.
 */
const fromSource = import.meta.url.endsWith('.ts');

/** The budgets of the runs in progress, started when their task says it started. */
const budgetStarts = new Map<number, () => void>();
let lastRunId = 0;

function createPool(): Piscina {
  const created = new Piscina({
    filename: fileURLToPath(new URL(`./worker-pool-tasks.${fromSource ? 'ts' : 'mjs'}`, import.meta.url)),
    // The task a new worker loads first (the file has no default export); run() names its own.
    name: 'identify',
    // At least one: a worker stopped for its budget is replaced only up to minThreads, and with
    // none left the tasks in line would wait for a worker that never comes.
    minThreads: 1,
    maxThreads: POOL_THREADS,
    // A worker kept for a while after its last task: starting one costs tens of milliseconds.
    idleTimeout: 30_000,
    // Explicit, so the workers do not inherit the main thread's V8 heap flags.
    execArgv: fromSource ? ['--require', createRequire(import.meta.url).resolve('tsx/cjs')] : [],
    // A runaway task is stopped by its own heap limit, not by the container's.
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });
  created.on('message', (message: RunStarted) => budgetStarts.get(message.runStarted)?.());
  // A worker that fails outside a task (while loading): without a listener the event would end
  // the process. Tasks' own failures reject their run() instead.
  created.on('error', (err: Error) => process.emitWarning(err, { code: 'ECU_WORKER_POOL' }));
  return created;
}

let pool: Piscina | undefined;

type TaskName = keyof typeof tasks;
type TaskInput<N extends TaskName> = Omit<Parameters<(typeof tasks)[N]>[0], 'runId'>;
type TaskOutput<N extends TaskName> = ReturnType<(typeof tasks)[N]>;

/** Refused at once: the line for this kind of task is full. */
export class PoolLineFullError extends Error {
  constructor(readonly line: string) {
    super(`The ${line} line of the worker pool is full`);
  }
}

/** The task ran longer than its budget; its worker was stopped. */
export class PoolBudgetError extends Error {
  constructor(readonly budgetMs: number) {
    super(`The task ran longer than ${budgetMs} ms and was stopped`);
  }
}

/**
 * One kind of task's share of the pool: up to `waiting` tasks per thread may queue behind the
 * ones running; one more is refused with PoolLineFullError before it reaches the pool.
 */
export class PoolLine<N extends TaskName> {
  #inLine = 0;

  constructor(
    readonly task: N,
    readonly waitingPerThread: number,
  ) {}

  get capacity(): number {
    return POOL_THREADS * (1 + this.waitingPerThread);
  }

  /**
   * With `budgetMs`, the worker is stopped (and PoolBudgetError thrown) once the task has run
   * that long; the wait for a worker does not count, the line bounds it.
   */
  async run(
    input: TaskInput<N>,
    options: { budgetMs?: number; transferList?: ArrayBuffer[] } = {},
  ): Promise<TaskOutput<N>> {
    if (this.#inLine >= this.capacity) throw new PoolLineFullError(this.task);
    this.#inLine++;
    const { budgetMs, transferList } = options;
    const runId = budgetMs === undefined ? undefined : ++lastRunId;
    const controller = runId === undefined ? undefined : new AbortController();
    let timer: NodeJS.Timeout | undefined;
    if (runId !== undefined) {
      budgetStarts.set(runId, () => {
        timer = setTimeout(() => controller?.abort(new PoolBudgetError(budgetMs!)), budgetMs);
      });
    }
    try {
      pool ??= createPool();
      const task = runId === undefined ? input : { ...input, runId };
      const signal = controller?.signal;
      return (await pool.run(task, { name: this.task, signal, transferList })) as TaskOutput<N>;
    } catch (err) {
      throw controller?.signal.aborted ? controller.signal.reason : err;
    } finally {
      clearTimeout(timer);
      if (runId !== undefined) budgetStarts.delete(runId);
      this.#inLine--;
    }
  }
}

/** The 429 a caller answers when a line is full, with the usual envelope. */
export function poolBusy(message: string, retryAfterSeconds = 1): AppError {
  return new AppError('rate_limited', message, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

/** Stops the workers (tests and one-shot scripts; an idle worker never keeps a process alive). */
export async function closeWorkerPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
