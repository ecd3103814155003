// What the request scope (one AsyncLocalStorage, docs/decisions/076-request-scope.md) costs on
// this Node: awaits outside any scope against the same awaits inside `run()`, and `run()` itself.
// Printed, never asserted: `node scripts/bench-request-scope.mjs` (a few seconds).
import { AsyncLocalStorage } from 'node:async_hooks';

const AWAITS = 200_000;
const RUNS = 1_000_000;
const ROUNDS = 7;
const scopes = new AsyncLocalStorage();

async function awaits() {
  for (let i = 0; i < AWAITS; i++) await null;
}

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const outside = [];
const inside = [];
const runs = [];
await awaits(); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  outside.push(await timed(awaits));
  inside.push(await timed(() => scopes.run({ reqId: `round-${round}` }, awaits)));
  runs.push(
    await timed(() => {
      for (let i = 0; i < RUNS; i++) scopes.run({ reqId: 'r' }, () => scopes.getStore());
    }),
  );
}
console.info(`Node ${process.version}, medians of ${ROUNDS} rounds`);
console.info(`  ${AWAITS} awaits outside any scope: ${median(outside).toFixed(1)} ms`);
console.info(`  the same inside run():          ${median(inside).toFixed(1)} ms`);
console.info(`  run() + getStore(): ${((median(runs) / RUNS) * 1e6).toFixed(0)} ns each`);
