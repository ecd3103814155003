/**
 * Keeps the event loop alive while the server starts, until it listens
 * (docs/decisions/056-start-loop.md).
 *
 * On PGlite a start waits for long stretches on nothing libuv knows of: the database is
 * WebAssembly on this thread, its answers come back as promises. Node 20 then leaves its event
 * loop and, before it looks at the loop again, waits for every task of V8's worker threads to
 * finish: the optimizing compiles of the WebAssembly functions the start has made hot, a few
 * hundred milliseconds of them. The rest of the start ran from inside that wait, and the first
 * request, already in the socket, waited for its end. A timer is something for the loop to
 * wait on, so it never leaves it. `release()` clears it; calling it again does nothing.
 */
export function holdLoopWhileStarting(): { release: () => void } {
  const timer = setInterval(() => {}, 60_000);
  return { release: () => clearInterval(timer) };
}
