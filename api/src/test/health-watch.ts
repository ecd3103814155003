/** The value below which a share `p` (0..1) of `values` lies. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/**
 * Health answers polled in rounds of five while `work` runs: each round's median, every answer,
 * and the process's peak RSS (the test server runs in this process). A round's median, not each
 * answer: one answer late on a busy machine says little, a blocked thread makes a whole round late.
 */
export async function watchHealth<T>(url: string, work: () => Promise<T>) {
  const medians: number[] = [];
  const all: number[] = [];
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  let running = true;
  const poll = (async () => {
    while (running) {
      const round: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await (await fetch(`${url}/api/health`)).arrayBuffer();
        round.push(performance.now() - start);
      }
      all.push(...round);
      medians.push(round.sort((a, b) => a - b)[2]!);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  try {
    return { result: await work(), medians, all, ms: performance.now() - started, peakRss: () => peakRss };
  } finally {
    running = false;
    await poll;
    clearInterval(sampler);
  }
}
