import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious and critical axe-core violations on the page as it is now, one line per element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself, without the blank page the default mode opens per
  // run to join frames' results: the portal has no frames, and each check is several times faster.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} at ${n.target.join(' ')}: ${n.failureSummary?.replaceAll('\n', ' ') ?? v.help}`,
      ),
    );
}
