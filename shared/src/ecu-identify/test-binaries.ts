/**
 * Synthetic ECU reads for tests: identifiers written as C strings at chosen offsets into a
 * buffer of erased flash (0xFF) and pseudo-random "code". Real reads are customers' files and
 * are never put in the repository. Not exported from the package index.
 */
export const KB = 1024;
export const MB = 1024 * KB;

/** mulberry32: small, fast and the same on every engine, so a seed gives the same bytes. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticBinary {
  size: number;
  /** The byte of unused flash; 0xFF unless said. */
  fill?: number;
  /** Bytes of pseudo-random "code" from the start (default: none), or 'all'. */
  randomBytes?: number | 'all';
  seed?: number;
  /** Written as ASCII with a 0x00 before and after, like the strings a compiler lays out. */
  strings?: readonly { offset: number; text: string }[];
}

export function makeBinary({ size, fill = 0xff, randomBytes = 0, seed = 1, strings = [] }: SyntheticBinary) {
  const bytes = new Uint8Array(size).fill(fill);
  const random = seededRandom(seed);
  const randomEnd = randomBytes === 'all' ? size : Math.min(size, randomBytes);
  for (let i = 0; i < randomEnd; i++) bytes[i] = Math.floor(random() * 256);
  for (const { offset, text } of strings) {
    if (offset < 1 || offset + text.length + 1 > size) throw new Error(`'${text}' does not fit at ${offset}`);
    bytes[offset - 1] = 0;
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
    bytes[offset + text.length] = 0;
  }
  return bytes;
}

/** The first `length` bytes, as a read that stopped early and was saved as it was. */
export function truncated(bytes: Uint8Array, length: number): Uint8Array {
  return bytes.slice(0, length);
}

/** The same size, with the last `share` of it overwritten by `fill`, as a tool pads a failed read. */
export function withTrailingFill(bytes: Uint8Array, share: number, fill = 0xff): Uint8Array {
  const copy = bytes.slice();
  copy.fill(fill, Math.floor(bytes.length * (1 - share)));
  return copy;
}

/**
 * A Bosch EDC17C46 read with this software number (and hardware number); `vin` stands for the
 * bytes two cars of one software differ in, outside anything an engineer tunes.
 */
export function boschEdc17Read({
  size,
  seed,
  software,
  vin,
  hardware = '0281019617',
}: {
  size: number;
  seed: number;
  software: string;
  vin: string;
  hardware?: string;
}): Uint8Array {
  return makeBinary({
    size,
    randomBytes: 'all',
    seed,
    strings: [
      { offset: 0x40010, text: 'EDC17C46' },
      { offset: 0x40040, text: hardware },
      { offset: 0x40060, text: software },
      { offset: 0x50000, text: vin },
    ],
  });
}
