// identifyEcu on 20 MB reads (goal: a 20 MB read in under a second), printed, never
// asserted. Run by scripts/bench.mjs through tsx (shared/ is TypeScript); on its own:
// `npx tsx scripts/bench-identify.ts`. Medians of 5 runs after one warm-up, for the worst case
// (random bytes: every byte scanned, few text runs) and a Bosch read of 20 MB with identifiers.
import { identifyEcu } from '../shared/src/ecu-identify/index';
import { MB, makeBinary } from '../shared/src/ecu-identify/test-binaries';

function median(run: () => void): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

const random = makeBinary({ size: 20 * MB, randomBytes: 'all', seed: 7 });
const bosch = makeBinary({
  size: 20 * MB,
  randomBytes: 4 * MB,
  seed: 9,
  strings: [{ offset: 0x40000, text: '0281017946 1037512345 EDC17C46' }],
});
const found = identifyEcu(bosch);
console.info(
  `identifyEcu, 20 MB: random bytes ${median(() => identifyEcu(random)).toFixed(0)} ms, a Bosch read ${median(() => identifyEcu(bosch)).toFixed(0)} ms (found ${found.maker} ${found.family}, ${found.warnings.length} warnings)`,
);
