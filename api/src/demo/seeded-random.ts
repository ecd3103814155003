/**
 * A small deterministic PRNG (sfc32, seeded through splitmix32) and the draws the demo data
 * needs: the same seed gives the same names, numbers and relative times on every run.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of the items, each with its weight (weights need not add up to anything). */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** Standard normal (Box-Muller). */
  normal(): number;
  /** Letters and digits, like better-auth's ids. */
  alphanumeric(length: number): string;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createRandom(seed: number): Random {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();

  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(items) {
      let total = 0;
      for (const [, w] of items) total += w;
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    normal() {
      const u = 1 - next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    alphanumeric(length) {
      let out = '';
      for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(next() * ALPHANUMERIC.length)];
      return out;
    },
  };
  return random;
}

/**
 * Draws from a fixed list of weights many times, fast: cumulative sums and a binary search
 * (the ticket owners are drawn 100,000 times from 10,000 weights).
 */
export function weightedSampler(weights: readonly number[]): (random: Random) => number {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  for (const [i, w] of weights.entries()) {
    total += w;
    cumulative[i] = total;
  }
  return (random) => {
    const r = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}
