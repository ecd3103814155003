import type { Jobs } from '../platform/jobs';

/**
 * Resolves once no job of this process's queues is waiting or running (dead letters aside): what
 * a test awaits before it says that nothing was sent. Throws after timeoutMs.
 */
export async function jobsSettled(jobs: Jobs, timeoutMs = 15_000): Promise<void> {
  const names = jobs.queueNames().filter((name) => !name.endsWith('-dead'));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // findJobs reads the jobs themselves; getQueues' counts are refreshed by the monitor only.
    const busy: string[] = [];
    for (const name of names) {
      const found = await jobs.boss.findJobs(name, { limit: 1000 });
      if (found.some((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active'))
        busy.push(name);
    }
    if (busy.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`Jobs still waiting after ${timeoutMs} ms: ${busy.join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
