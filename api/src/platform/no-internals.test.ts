import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Libraries and Node only through their documented APIs (docs/decisions/079-public-apis-only.md),
// and tests hold what a user or the database can see, never what V8 did with an object: no
// natives syntax and no V8 flags flipped at run time, so a Node release cannot fail the suite
// over something no user can see (docs/decisions/077-no-v8-tuning-in-dependencies.md).
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
  { label: "Node's private _storeHeader", pattern: /_storeHeader/ },
  { label: "drizzle's private db._", pattern: /\b(db|tx)\._\./ },
  { label: "better-auth's $context", pattern: /\.\$context\b/ },
  { label: "better-auth's global symbol", pattern: /Symbol\.for\(\s*['"`]better-auth/ },
  {
    label: 'a library method replaced (monkey-patching)',
    pattern: /\b(client|sql)\.(unsafe|begin|reserve)\s*=[^=]/,
  },
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(dir, file));
}

const files = [...TREES.flatMap(sourcesUnder), ...CONFIGS].filter((file) => file !== SELF);

describe('no private internals of Node, V8 or the libraries in code or tests', () => {
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
    ['storeHeader = ServerResponse.prototype._storeHeader', 3],
    ['const session = db._.session', 4],
    ['await tx._.session.client', 4],
    ['const ctx = await auth.$context;', 5],
    ["globalThis[Symbol.for('better-auth:global')]", 6],
    ['client.unsafe = patched as Sql', 7],
  ] as const)('would catch %s', (line, index) => {
    expect(FORBIDDEN[index]?.pattern.test(line)).toBe(true);
  });

  it.each([
    'width: 100%',
    'format("%d%(of total)", done)',
    "t('50% off (today)')",
    'const rows = await client.unsafe(text, params)',
    'if (client.unsafe === other) return',
    'const db_ = open()',
  ])('lets %s be', (line) => {
    expect(FORBIDDEN.some(({ pattern }) => pattern.test(line))).toBe(false);
  });
});
