import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/** Soft-asserts no serious or critical violation on the page in the light and the dark scheme. */
export async function expectAxeCleanInBothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect.soft(await seriousViolations(page), `${name} in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}
