/**
 * Keeps the docs as the style guide has them; run by `pnpm lint` (`node scripts/check-docs.mjs`).
 *
 * - A decision record (docs/decisions/NNN-name.md) is a short design doc: at most 40 lines,
 *   with a `Status: accepted` or `Status: superseded by NNN` line and a `Date: YYYY-MM-DD` line.
 * - Measurements live in docs/benchmarks.md: each of its sections that holds a table names the
 *   command, a date and the Node version. The README keeps a Performance section that links
 *   there, and no table of figures.
 * - Nothing cites a tracker's issue number (the tracker is not in the repo): not the records,
 *   the README, the benchmarks, nor any source file or comment.
 *
 * Prints every finding with its file and line and exits 1 when there is one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));
const MAX_RECORD_LINES = 40;
const ISSUE_NUMBER = /\bissues? ?#?\d+/i;
const SOURCE_DIRS = ['api/src', 'web/src', 'shared/src', 'e2e', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|sql)$/;
const FIGURE_WITH_UNIT = /\d ?(ms|µs|MB|MiB|KB|req\/s)\b/;

/** @type {string[]} */
const findings = [];
const read = (/** @type {string} */ file) => readFileSync(path.join(ROOT, file), 'utf8');

/** @param {string} dir @returns {string[]} repo-relative paths of the source files under dir */
function sourceFiles(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => part === 'node_modules' || part === 'dist'));
}

/** @param {string} file @param {string} text */
function noIssueNumbers(file, text) {
  text.split('\n').forEach((line, i) => {
    if (ISSUE_NUMBER.test(line)) {
      findings.push(`${file}:${i + 1}: cites an issue number; name the decision record or the goal instead`);
    }
  });
}

const records = readdirSync(path.join(ROOT, 'docs/decisions'))
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .map((name) => `docs/decisions/${name}`);
for (const file of records) {
  const text = read(file);
  const lines = text.trimEnd().split('\n');
  if (lines.length > MAX_RECORD_LINES) {
    findings.push(
      `${file}: ${lines.length} lines; a record is the decision, why and how to see it hold in about 30 (measurements go to docs/benchmarks.md)`,
    );
  }
  if (!/^Status: (accepted|superseded by \d{3})\b/m.test(text)) {
    findings.push(`${file}: no 'Status: accepted' or 'Status: superseded by NNN' line`);
  }
  if (!/^Date: \d{4}-\d{2}-\d{2}\b/m.test(text)) findings.push(`${file}: no 'Date: YYYY-MM-DD' line`);
  noIssueNumbers(file, text);
}

const benchmarks = read('docs/benchmarks.md');
noIssueNumbers('docs/benchmarks.md', benchmarks);
for (const section of benchmarks.split(/^(?=## )/m).slice(1)) {
  if (!/^\|/m.test(section)) continue;
  const title = section.split('\n', 1)[0];
  const missing = [
    /`(pnpm|node|npx|BENCH_\w+=\S*|[A-Z_]+=\S+ node)[^`]*`/.test(section) ? null : 'the command',
    /\b20\d\d-\d\d\b/.test(section) ? null : 'the date',
    /\bNode v?\d+/.test(section) ? null : 'the Node version',
  ].filter(Boolean);
  if (missing.length > 0) findings.push(`docs/benchmarks.md "${title}": does not say ${missing.join(', ')}`);
}

const readme = read('README.md');
noIssueNumbers('README.md', readme);
if (!/^## Performance\n[\s\S]*?docs\/benchmarks\.md/m.test(readme)) {
  findings.push('README.md: no "## Performance" section linking docs/benchmarks.md');
}
readme.split('\n').forEach((line, i) => {
  if (line.startsWith('|') && FIGURE_WITH_UNIT.test(line)) {
    findings.push(`README.md:${i + 1}: a table of figures; measurements go to docs/benchmarks.md`);
  }
});

for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
  if (file !== SELF) noIssueNumbers(file, read(file));
}

if (findings.length > 0) {
  console.error(`check-docs: ${findings.length} finding(s)\n${findings.join('\n')}`);
  process.exit(1);
}
console.info(
  `check-docs: ${records.length} decision records, docs/benchmarks.md, README.md and the sources are fine`,
);
