/**
 * Keeps the stylesheets right-to-left ready; run by `pnpm lint` (`node scripts/check-css-logical.mjs`).
 *
 * Under web/src every `.css` file says start/end, not left/right: margin/padding/border-inline-*,
 * inset-inline-*, text-align start/end, float/clear inline-start/end, border-start-start-radius…
 * (docs/decisions/094-right-to-left.md). A line that means a physical side on purpose (centring with
 * `left: 50%` and `translateX(-50%)`, an edge-to-edge bar with `left: 0; right: 0`) says so with a
 * comment on the same line: `/* physical: <why> *\/`.
 *
 * Prints every finding with its file and line and exits 1 when there is one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIR = 'web/src';

/** A declaration that names a physical side: its property, or a left/right value of a property that has a logical one. */
const PHYSICAL = [
  /(?<![\w-])(margin|padding|scroll-margin|scroll-padding)-(left|right)\s*:/,
  /(?<![\w-])border-(left|right)(-[a-z]+)?\s*:/,
  /(?<![\w-])border-(top|bottom)-(left|right)-radius\s*:/,
  /(?<![\w-])(left|right)\s*:/,
  /(?<![\w-])(text-align|text-align-last|float|clear|resize)\s*:\s*(left|right)\b/,
];
const ALLOWED = /\/\*\s*physical:\s*\S.*\*\//;

/** @type {string[]} */
const findings = [];

const files = readdirSync(path.join(ROOT, DIR), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
  .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
  .filter((file) => !file.split(path.sep).some((part) => part === 'node_modules' || part === 'dist'))
  .sort();

for (const file of files) {
  let inComment = false;
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      // Only the code counts: drop comments, including those that run over several lines.
      let code = '';
      let rest = line;
      while (rest.length > 0) {
        if (inComment) {
          const end = rest.indexOf('*/');
          if (end === -1) rest = '';
          else {
            rest = rest.slice(end + 2);
            inComment = false;
          }
        } else {
          const start = rest.indexOf('/*');
          if (start === -1) {
            code += rest;
            rest = '';
          } else {
            code += rest.slice(0, start);
            rest = rest.slice(start + 2);
            inComment = true;
          }
        }
      }
      if (PHYSICAL.some((pattern) => pattern.test(code)) && !ALLOWED.test(line)) {
        findings.push(
          `${file}:${i + 1}: physical left/right (${code.trim()}); use the logical property (inline-start/end) or add /* physical: <why> */`,
        );
      }
    });
}

for (const finding of findings) console.error(finding);
if (findings.length > 0) {
  console.error(`check-css-logical: ${findings.length} physical left/right declaration(s)`);
  process.exit(1);
}
console.info(`check-css-logical: ${files.length} stylesheets use logical sides`);
