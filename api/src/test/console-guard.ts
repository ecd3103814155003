import { format } from 'node:util';

/**
 * `console.error` during a test is a failure: an API that logs an error while a
 * test passes is hiding a 500 or a swallowed exception. setup.ts installs the guard for every
 * test file; a test that expects an error log says so with `allowConsoleErrors()`.
 */
interface GuardState {
  logged: string[];
  allowed: boolean;
}

const guard: GuardState = { logged: [], allowed: false };
// Shared across module instances: a worker that runs several files patches the original once.
const ORIGINAL = Symbol.for('ecu.console-guard.original');
type ConsoleError = typeof console.error & { [ORIGINAL]?: typeof console.error };

export function installConsoleGuard(): void {
  const current = console.error as ConsoleError;
  const original = current[ORIGINAL] ?? current;
  console.error = Object.assign(
    (...args: unknown[]) => {
      guard.logged.push(format(...args));
      // An expected error is kept for the test to read, not printed.
      if (!guard.allowed) original.apply(console, args);
    },
    { [ORIGINAL]: original },
  );
}

/** For the current test only: console.error is expected. Returns the lines logged (not printed). */
export function allowConsoleErrors(): readonly string[] {
  guard.allowed = true;
  return guard.logged;
}

/** Throws when console.error was called and the test did not allow it; then resets. */
export function checkConsoleErrors(when: string): void {
  const { logged, allowed } = guard;
  guard.logged = [];
  guard.allowed = false;
  if (logged.length > 0 && !allowed) {
    throw new Error(`console.error was called ${when}:\n${logged.map((l) => `  ${l}`).join('\n')}`);
  }
}
