import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Code and tests hold what a user or the database can see, never what V8 did with an object:
// no natives syntax and no V8 flags flipped at run time, so a Node release cannot fail the
// suite over something no user can see (docs/decisions/077-no-v8-tuning-in-dependencies.md).
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TREES = ['api/src', 'web/src', 'shared/src'];
const CONFIGS = ['vite.config.ts', 'playwright.config.ts', 'package.json', 'api/package.json'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));

const FORBIDDEN: { label: string; pattern: RegExp }[] = [
  // V8's runtime functions are PascalCase: %HaveSameMap(o), %InYoungGeneration(f), ...
  { label: 'a call in V8 natives syntax', pattern: /%[A-Z][A-Za-z]+\(/ },
  { label: 'the natives-syntax flag', pattern: /allow[-_]natives[-_]syntax/ },
  { label: 'a V8 flag set at run time', pattern: /setFlagsFromString/ },
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(dir, file));
}

const files = [...TREES.flatMap(sourcesUnder), ...CONFIGS].filter((file) => file !== SELF);

describe('no V8 internals in code or tests', () => {
  it('scans the source trees', () => {
    expect(files).toContain(path.join('api', 'src', 'main.ts'));
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(FORBIDDEN)('no file has $label', ({ pattern }) => {
    const found = files.filter((file) => pattern.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    ['%HaveSameMap(a, b)', 0],
    ['return %InYoungGeneration(f)', 0],
    ["execArgv: ['--allow-natives-syntax']", 1],
    ["v8.setFlagsFromString('--expose-gc')", 2],
  ] as const)('would catch %s', (line, index) => {
    expect(FORBIDDEN[index]?.pattern.test(line)).toBe(true);
  });

  it.each(['width: 100%', 'format("%d%(of total)", done)', "t('50% off (today)')"])('lets %s be', (line) => {
    expect(FORBIDDEN.some(({ pattern }) => pattern.test(line))).toBe(false);
  });
});
