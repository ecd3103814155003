import type { Logger } from './logger';

/** The events of `process` the last resort listens to (an EventEmitter in its tests). */
export interface ProcessEvents {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (err: Error, origin: string) => void): unknown;
}

/**
 * What the process does with an error no code handled. A rejected promise nobody awaited is
 * logged and the process goes on serving: the failure was one piece of work, and Node's
 * default (exit) would take every other request with it. An
 * uncaught exception leaves state no code expected, so the process logs it and stops the way
 * SIGTERM stops it (`stop`, answers in flight finished), exiting with 1 for the supervisor
 * (docker compose's restart policy) to start it again; `hardStopMs` later it exits whatever
 * `stop` is doing.
 */
export function installLastResort(
  target: ProcessEvents,
  parts: { logger: Logger; stop: () => Promise<void>; exit: (code: number) => void; hardStopMs: number },
): void {
  const { logger } = parts;
  // Node calls this listener in the async context of the promise that was rejected: a
  // request's detached work is logged with the request's id (docs/decisions/076-request-scope.md).
  target.on('unhandledRejection', (reason) => {
    logger.error('Unhandled promise rejection (still serving):', reason);
  });
  let stopping = false;
  target.on('uncaughtException', (err, origin) => {
    logger.error('Uncaught exception, stopping:', err, { origin });
    if (stopping) return;
    stopping = true;
    setTimeout(() => parts.exit(1), parts.hardStopMs).unref();
    parts.stop().then(
      () => parts.exit(1),
      (stopErr) => {
        logger.error('Stopping after an uncaught exception failed:', stopErr);
        parts.exit(1);
      },
    );
  });
}
