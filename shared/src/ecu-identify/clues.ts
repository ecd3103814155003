import type { FamilyPattern, Fuel, IdentifierField, MakerRule } from './families/rule';
import { type AsciiRun, PIECE_OVERLAP } from './scan';
import type { EcuClue } from './schema';
import { isPlausibleVin, VIN_PATTERN } from './vin';

/** A clue with what the choice needs and the result does not show. */
export interface FoundClue extends EcuClue {
  strong: boolean;
  fuel: Fuel | null;
}

/**
 * A family name this long is strong evidence on its own ('EDC17C46', 'ME7.5', 'SIMOS 18');
 * shorter ones ('ME7', 'DDCR', 'MJD8') turn up in any few megabytes of code by chance.
 */
export const STRONG_FAMILY_LENGTH = 5;

interface Matcher {
  kind: EcuClue['kind'];
  maker: string | null;
  regex: RegExp;
  strong: boolean | 'by-length';
  fuel: Fuel | null;
  format: (m: RegExpExecArray) => string;
}

const withGlobal = (r: RegExp) => new RegExp(r.source, `${r.flags.replace('g', '')}g`);
const wholeOrGroup = (m: RegExpExecArray) => m[1] ?? m[0];

export interface CompiledRules {
  matchers: readonly Matcher[];
  /**
   * All patterns at once: one pass tells the few runs that hold anything from the many runs
   * of code that happen to be printable; only those are matched pattern by pattern.
   */
  any: RegExp;
}

/** The rules turned into one flat list of regexes, built once per rule table. */
export function compileRules(rules: readonly MakerRule[]): CompiledRules {
  const family = (maker: string | null, f: FamilyPattern): Matcher => ({
    kind: 'family',
    maker,
    regex: withGlobal(f.pattern),
    strong: 'by-length',
    fuel: f.fuel ?? null,
    format: f.format ?? ((m) => m[0]),
  });
  const matchers = rules.flatMap((rule) => [
    ...rule.families.map((f) => family(rule.maker, f)),
    ...rule.identifiers.map(
      (id): Matcher => ({
        kind: id.field,
        maker: rule.maker,
        regex: withGlobal(id.pattern),
        strong: id.strong,
        fuel: id.fuel ?? null,
        format: wholeOrGroup,
      }),
    ),
  ]);
  const vin: Matcher = {
    kind: 'vin',
    maker: null,
    regex: withGlobal(VIN_PATTERN),
    strong: true,
    fuel: null,
    format: (m) => (isPlausibleVin(m[0]) ? m[0] : ''),
  };
  const all = [...matchers, vin];
  return { matchers: all, any: new RegExp(all.map((m) => `(?:${m.regex.source})`).join('|')) };
}

/**
 * More distinct clues than any read prints: a file that names thousands of different
 * identifiers is noise or made up, and each distinct one costs memory. Past the cap the clues
 * already found keep counting, new ones are not kept.
 */
export const MAX_DISTINCT_CLUES = 1000;

/** Every match in every run, counted per (kind, maker, value); first offset kept. */
export function findClues(runs: readonly AsciiRun[], { matchers, any }: CompiledRules): FoundClue[] {
  const clues = new Map<string, FoundClue>();
  // A long run is scanned in pieces that overlap the one before by PIECE_OVERLAP characters, so
  // one printed string may be matched twice. Only matches inside an overlap are remembered, and
  // only until the next piece: a set of every match grew with the file (a 20 MB read of
  // 'EDC17 ' repeated held 3.5 million keys).
  let overlap = { start: 0, end: 0, keys: new Set<string>() };
  for (const run of runs) {
    const end = run.offset + run.text.length;
    const next = { start: Math.max(run.offset, end - PIECE_OVERLAP), end, keys: new Set<string>() };
    if (any.test(run.text)) {
      for (const matcher of matchers) {
        matcher.regex.lastIndex = 0;
        for (let m = matcher.regex.exec(run.text); m; m = matcher.regex.exec(run.text)) {
          const value = matcher.format(m);
          if (!value) continue;
          const offset = run.offset + m.index;
          const key = `${matcher.kind}|${matcher.maker}|${value}`;
          if (offset >= overlap.start && offset < overlap.end && overlap.keys.has(`${key}|${offset}`))
            continue;
          if (offset >= next.start) next.keys.add(`${key}|${offset}`);
          const found = clues.get(key);
          if (found) {
            found.count++;
            continue;
          }
          if (clues.size >= MAX_DISTINCT_CLUES) continue;
          const strong =
            matcher.strong === 'by-length'
              ? value.replace(/\s/g, '').length >= STRONG_FAMILY_LENGTH
              : matcher.strong;
          clues.set(key, {
            kind: matcher.kind,
            value,
            maker: matcher.maker,
            offset,
            count: 1,
            strong,
            fuel: matcher.fuel,
          });
        }
      }
    }
    overlap = next;
  }
  // Code-unit order, not localeCompare: the browser's locale must not change the result.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...clues.values()].sort(
    (a, b) => a.offset - b.offset || byText(a.kind, b.kind) || byText(a.value, b.value),
  );
}

/**
 * The maker with the most distinct strong clues; a tie goes to the one printed more often,
 * then to the earlier rule. Weak clues never name a maker on their own.
 */
export function chooseMaker(clues: readonly FoundClue[], rules: readonly MakerRule[]): MakerRule | null {
  let best: { rule: MakerRule; strong: number; total: number } | null = null;
  for (const rule of rules) {
    if (!rule.maker) continue;
    const own = clues.filter((c) => c.maker === rule.maker);
    const strong = own.filter((c) => c.strong).length;
    const total = own.reduce((n, c) => n + c.count, 0);
    if (strong === 0) continue;
    if (!best || strong > best.strong || (strong === best.strong && total > best.total)) {
      best = { rule, strong, total };
    }
  }
  return best?.rule ?? null;
}

/** Printed most often, then first; for families the most specific (longest) name first. */
export function pick(clues: readonly FoundClue[], kind: EcuClue['kind'] | IdentifierField): FoundClue | null {
  const ofKind = clues.filter((c) => c.kind === kind);
  const longerFirst = kind === 'family';
  return (
    [...ofKind].sort(
      (a, b) =>
        (longerFirst ? b.value.length - a.value.length : 0) || b.count - a.count || a.offset - b.offset,
    )[0] ?? null
  );
}
