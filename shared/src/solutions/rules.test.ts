import { describe, expect, it } from 'vitest';
import {
  applyRanges,
  type ByteRun,
  type CoverCandidate,
  checkRead,
  coverPlan,
  diffRanges,
  EXCERPT_GAP,
  excerptRuns,
  fromHex,
  hexOffset,
  MERGE_GAP,
  matchRead,
  mergeRuns,
  type PatchRange,
  patchChunk,
  planItems,
  type ReadExcerpt,
  rangesOverlap,
  toHex,
} from './rules';

const bytes = (...values: number[]) => Uint8Array.from(values);
/** A 'read' of n bytes: i & 0xff at i, so every offset is predictable. */
const read = (n: number) => Uint8Array.from({ length: n }, (_, i) => i & 0xff);
const range = (offset: number, original: number[], patched: number[]): PatchRange => ({
  offset,
  original: bytes(...original),
  patched: bytes(...patched),
});

describe('mergeRuns', () => {
  const table: [string, ByteRun[], number, ByteRun[]][] = [
    ['nothing', [], 16, []],
    ['one run', [{ start: 4, end: 6 }], 16, [{ start: 4, end: 6 }]],
    [
      'touching',
      [
        { start: 0, end: 2 },
        { start: 2, end: 3 },
      ],
      0,
      [{ start: 0, end: 3 }],
    ],
    [
      'gap of exactly 16',
      [
        { start: 0, end: 1 },
        { start: 17, end: 18 },
      ],
      16,
      [{ start: 0, end: 18 }],
    ],
    [
      'gap of 17 stays apart',
      [
        { start: 0, end: 1 },
        { start: 18, end: 19 },
      ],
      16,
      [
        { start: 0, end: 1 },
        { start: 18, end: 19 },
      ],
    ],
    [
      'out of order',
      [
        { start: 40, end: 41 },
        { start: 0, end: 1 },
      ],
      16,
      [
        { start: 0, end: 1 },
        { start: 40, end: 41 },
      ],
    ],
    [
      'chain',
      [
        { start: 0, end: 1 },
        { start: 10, end: 11 },
        { start: 20, end: 21 },
      ],
      16,
      [{ start: 0, end: 21 }],
    ],
  ];
  it.each(table)('%s', (_, runs, gap, expected) => {
    expect(mergeRuns(runs, gap)).toEqual(expected);
  });
});

describe('diffRanges', () => {
  it('finds each change, merging neighbours with the unchanged bytes between them', () => {
    const original = read(256);
    const tuned = original.slice();
    tuned[10] = 0xaa;
    tuned[12] = 0xbb; // one unchanged byte between: merged
    tuned[200] = 0xcc; // far away: its own range
    const result = diffRanges(original, tuned);
    expect(result).toEqual({
      ok: true,
      bytesChanged: 3,
      ranges: [range(10, [10, 11, 12], [0xaa, 11, 0xbb]), range(200, [200], [0xcc])],
    });
  });

  const refusals: [string, Uint8Array, Uint8Array, string, RegExp][] = [
    ['an empty diff', read(64), read(64), 'nothing-changed', /nothing changed/],
    ['a tuned file of another size', read(64), read(65), 'size-differs', /65 bytes and the original 64/],
    ['empty files', new Uint8Array(0), new Uint8Array(0), 'empty-file', /empty/],
  ];
  it.each(refusals)('refuses %s', (_, original, tuned, reason, message) => {
    const result = diffRanges(original, tuned);
    expect(result).toMatchObject({ ok: false, reason });
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('merges across at most MERGE_GAP unchanged bytes', () => {
    const original = read(128);
    const near = original.slice();
    near[0] = 0xff;
    near[1 + MERGE_GAP] = 0xff;
    const far = original.slice();
    far[0] = 0xff;
    far[2 + MERGE_GAP] = 0xff;
    const count = (tuned: Uint8Array) => {
      const r = diffRanges(original, tuned);
      return r.ok ? r.ranges.length : -1;
    };
    expect(count(near)).toBe(1);
    expect(count(far)).toBe(2);
  });
});

describe('checkRead and applyRanges', () => {
  const original = read(1024);
  const solution = {
    fileSize: 1024,
    ranges: [range(0x100, [0x00, 0x01], [0x7f, 0x7f]), range(0x200, [0x00], [0x55])],
  };

  const table: [string, (b: Uint8Array) => void, ReturnType<typeof checkRead>][] = [
    ['the same read', () => {}, { match: true }],
    [
      'one byte different outside every range (a VIN)',
      (b) => {
        b[0x300] = 0xee;
      },
      { match: true },
    ],
    [
      'one byte just past a range',
      (b) => {
        b[0x102] = 0xee;
      },
      { match: true },
    ],
    [
      'one byte different inside a range',
      (b) => {
        b[0x101] = 0xee;
      },
      { match: false, reason: 'range-differs', offset: 0x100, message: 'range at 0x100 differs' },
    ],
    [
      'the second range differs',
      (b) => {
        b[0x200] = 0xee;
      },
      { match: false, reason: 'range-differs', offset: 0x200, message: 'range at 0x200 differs' },
    ],
  ];
  it.each(table)('%s', (_, change, expected) => {
    const copy = original.slice();
    change(copy);
    expect(checkRead(copy, solution)).toEqual(expected);
  });

  it('refuses a read of another size', () => {
    expect(checkRead(read(2048), solution)).toMatchObject({ match: false, reason: 'size-differs' });
  });

  it('writes every range and nothing else, leaving the read itself alone', () => {
    const copy = original.slice();
    copy[0x300] = 0xee;
    const out = applyRanges(copy, solution.ranges);
    expect([...out.subarray(0x100, 0x102)]).toEqual([0x7f, 0x7f]);
    expect(out[0x200]).toBe(0x55);
    expect(out[0x300]).toBe(0xee);
    expect(out.length).toBe(copy.length);
    expect(copy[0x100]).toBe(0x00);
    const changed = out.reduce((n, b, i) => n + (b === copy[i] ? 0 : 1), 0);
    expect(changed).toBe(3);
  });

  it('derives, checks and applies round trip: a second car with other VIN bytes gets the same tune', () => {
    const tuned = original.slice();
    tuned.fill(0x42, 0x180, 0x190);
    const diff = diffRanges(original, tuned);
    if (!diff.ok) throw new Error(diff.message);
    const otherCar = original.slice();
    otherCar.fill(0x11, 0x3f0, 0x400);
    const made = { fileSize: 1024, ranges: diff.ranges };
    expect(checkRead(otherCar, made)).toEqual({ match: true });
    const expected = otherCar.slice();
    expected.fill(0x42, 0x180, 0x190);
    expect(applyRanges(otherCar, diff.ranges)).toEqual(expected);
  });
});

describe('excerpts of a read', () => {
  const original = read(0x10000);
  const solution = {
    fileSize: 0x10000,
    ranges: [range(0x100, [0x00, 0x01], [0x7f, 0x7f]), range(0x8000, [0x00], [0x55])],
  };
  const excerpt = (runs: ByteRun[], b = original): ReadExcerpt => ({
    size: b.length,
    spans: runs.map((r) => ({ offset: r.start, bytes: b.slice(r.start, r.end) })),
  });

  it('names the ranges to fetch, merging those at most the gap apart', () => {
    const hex = (offset: number, n: number) => ({ offset, original: '00'.repeat(n) });
    expect(excerptRuns([{ ranges: [hex(0x8000, 1), hex(0x100, 2)] }, { ranges: [hex(0x103, 1)] }])).toEqual([
      { start: 0x100, end: 0x104 },
      { start: 0x8000, end: 0x8001 },
    ]);
    expect(excerptRuns([{ ranges: [hex(0, 1), hex(EXCERPT_GAP + 1, 1)] }])).toEqual([
      { start: 0, end: EXCERPT_GAP + 2 },
    ]);
    expect(excerptRuns([{ ranges: [hex(0, 1), hex(EXCERPT_GAP + 2, 1)] }])).toHaveLength(2);
    expect(excerptRuns([])).toEqual([]);
  });

  const table: [string, ByteRun[], (b: Uint8Array) => void, ReturnType<typeof checkRead>][] = [
    ['the excerpt excerptRuns names', excerptRuns([solution]), () => {}, { match: true }],
    ['a VIN byte outside it differs', excerptRuns([solution]), (b) => (b[0x9000] = 1), { match: true }],
    [
      'a byte of a range differs',
      excerptRuns([solution]),
      (b) => (b[0x8000] = 1),
      { match: false, reason: 'range-differs', offset: 0x8000, message: 'range at 0x8000 differs' },
    ],
    [
      'the excerpt lacks a range',
      [{ start: 0x100, end: 0x102 }],
      () => {},
      { match: false, reason: 'range-differs', offset: 0x8000, message: 'range at 0x8000 differs' },
    ],
    [
      'the excerpt holds only part of a range',
      [
        { start: 0x100, end: 0x101 },
        { start: 0x8000, end: 0x8001 },
      ],
      () => {},
      { match: false, reason: 'range-differs', offset: 0x100, message: 'range at 0x100 differs' },
    ],
  ];
  it.each(table)('checks %s as the whole read would', (_, runs, change, expected) => {
    const copy = original.slice();
    change(copy);
    expect(checkRead(excerpt(runs, copy), solution)).toEqual(expected);
  });

  it('refuses an excerpt of a read of another size', () => {
    expect(checkRead({ size: 2048, spans: [] }, solution)).toMatchObject({ reason: 'size-differs' });
  });

  it('patches a file chunk by chunk as applyRanges does whole, ranges across chunk borders included', () => {
    const ranges = [range(0x0ffe, [0, 0, 0, 0], [1, 2, 3, 4]), range(0x3000, [0], [9])];
    const file = original.slice(0, 0x4000);
    for (const size of [3, 7, 0x1000, 0x2000, 0x4000]) {
      const joined = new Uint8Array(file.length);
      for (let at = 0; at < file.length; at += size)
        joined.set(patchChunk(file.subarray(at, at + size), at, ranges), at);
      expect(joined).toEqual(applyRanges(file, ranges));
    }
    expect(original[0x0ffe]).toBe(0xfe);
  });

  it('answers an untouched chunk itself, a touched one as a patched copy', () => {
    const chunk = original.subarray(0, 0x100);
    const ranges = [range(0x100, [0], [1])];
    expect(patchChunk(chunk, 0, ranges)).toBe(chunk);
    const touched = patchChunk(original.subarray(0x100, 0x200), 0x100, ranges);
    expect(touched[0]).toBe(1);
    expect(original[0x100]).toBe(0);
  });
});

describe('rangesOverlap', () => {
  const table: [string, PatchRange[], PatchRange[], boolean][] = [
    ['apart', [range(0, [1, 2], [3, 4])], [range(10, [1], [2])], false],
    ['touching', [range(0, [1, 2], [3, 4])], [range(2, [1], [2])], false],
    ['sharing a byte', [range(0, [1, 2], [3, 4])], [range(1, [1], [2])], true],
    ['one inside the other', [range(0, [1, 2, 3, 4], [0, 0, 0, 0])], [range(1, [1, 2], [0, 0])], true],
    ['second range of a list', [range(0, [1], [2]), range(50, [1, 2], [0, 0])], [range(51, [1], [2])], true],
    ['an empty list', [], [range(0, [1], [2])], false],
  ];
  it.each(table)('%s', (_, a, b, expected) => {
    expect(rangesOverlap(a, b)).toBe(expected);
    expect(rangesOverlap(b, a)).toBe(expected);
  });
});

describe('planItems', () => {
  const table: [string, { stage: string | null; options: string[] }, string[]][] = [
    ['stage and options', { stage: 'Stage 1', options: ['EGR OFF'] }, ['Stage 1', 'EGR OFF']],
    ['No Engine Mud counts no stage', { stage: 'No Engine Mud', options: ['EGR OFF'] }, ['EGR OFF']],
    ['no stage', { stage: null, options: ['DPF-FAP OFF'] }, ['DPF-FAP OFF']],
    ['a stage alone', { stage: 'Gear Box', options: [] }, ['Gear Box']],
  ];
  it.each(table)('%s', (_, plan, expected) => {
    expect(planItems(plan)).toEqual(expected);
  });
});

describe('coverPlan', () => {
  const at = (offset: number) => [range(offset, [0], [1])];
  const c = (
    id: string,
    stage: string | null,
    options: string[],
    ranges = at(0),
  ): CoverCandidate<string> => ({
    id,
    stage,
    options,
    ranges,
  });
  const stage1Egr = { stage: 'Stage 1', options: ['EGR OFF'] };

  const table: [string, { stage: string; options: string[] }, CoverCandidate<string>[], unknown][] = [
    [
      'one bundle with the same items, in any order',
      { stage: 'Stage 1', options: ['EGR OFF', 'DPF-FAP OFF'] },
      [c('b', 'Stage 1', ['DPF-FAP OFF', 'EGR OFF'])],
      { kind: 'full', via: 'bundle', solutionIds: ['b'] },
    ],
    [
      'singles that do not overlap',
      stage1Egr,
      [c('s', 'Stage 1', [], at(0)), c('e', 'No Engine Mud', ['EGR OFF'], at(10))],
      { kind: 'full', via: 'singles', solutionIds: ['s', 'e'], covered: ['Stage 1', 'EGR OFF'] },
    ],
    [
      'overlapping singles: partial',
      stage1Egr,
      [c('s', 'Stage 1', [], at(0)), c('e', null, ['EGR OFF'], at(0))],
      { kind: 'partial', solutionIds: ['s'], covered: ['Stage 1'], remaining: ['EGR OFF'] },
    ],
    [
      'an overlapping single is passed over for one that fits',
      stage1Egr,
      [c('s', 'Stage 1', [], at(0)), c('e1', null, ['EGR OFF'], at(0)), c('e2', null, ['EGR OFF'], at(5))],
      { kind: 'full', via: 'singles', solutionIds: ['s', 'e2'] },
    ],
    [
      'a bundle with more items does not cover',
      { stage: 'Stage 1', options: ['EGR OFF'] },
      [c('b', 'Stage 1', ['EGR OFF', 'DPF-FAP OFF'])],
      { kind: 'none', remaining: ['Stage 1', 'EGR OFF'] },
    ],
    [
      'a bundle of some items is not split: the singles cover what they can',
      { stage: 'Stage 1', options: ['EGR OFF', 'DPF-FAP OFF'] },
      [c('b', 'Stage 1', ['EGR OFF']), c('d', null, ['DPF-FAP OFF'], at(9))],
      { kind: 'partial', solutionIds: ['d'], covered: ['DPF-FAP OFF'], remaining: ['Stage 1', 'EGR OFF'] },
    ],
    ['nothing matched', stage1Egr, [], { kind: 'none', remaining: ['Stage 1', 'EGR OFF'] }],
  ];
  it.each(table)('%s', (_, plan, candidates, expected) => {
    expect(coverPlan(plan, candidates)).toMatchObject(expected as object);
  });
});

describe('matchRead', () => {
  const original = read(256);
  const stored = (id: string, stage: string | null, options: string[], offset: number, value: number) => ({
    id,
    stage,
    options,
    fileSize: 256,
    ranges: [
      { offset, original: toHex(original.subarray(offset, offset + 2)), patched: toHex(bytes(value, value)) },
    ],
  });

  it('checks each solution and covers the plan, on the whole read or on the excerpt of it', () => {
    const egr = stored('egr', null, ['EGR OFF'], 0x10, 0xaa);
    const dpf = stored('dpf', null, ['DPF-FAP OFF'], 0x40, 0xbb);
    const otherCar = original.slice();
    otherCar[0xf0] = 0;
    const wanted = { stage: null, options: ['EGR OFF', 'DPF-FAP OFF'] };
    const whole = matchRead(otherCar, wanted, [egr, dpf]);
    expect(whole.checks.map((c) => c.result.match)).toEqual([true, true]);
    expect(whole.coverage).toMatchObject({ kind: 'full', solutionIds: ['egr', 'dpf'] });
    const runs = excerptRuns([egr, dpf], 0);
    expect(runs).toEqual([
      { start: 0x10, end: 0x12 },
      { start: 0x40, end: 0x42 },
    ]);
    const excerpt: ReadExcerpt = {
      size: otherCar.length,
      spans: runs.map((r) => ({ offset: r.start, bytes: otherCar.slice(r.start, r.end) })),
    };
    expect(matchRead(excerpt, wanted, [egr, dpf])).toEqual(whole);
  });

  it('covers nothing and says which range differs when one solution fails its check', () => {
    const egr = stored('egr', null, ['EGR OFF'], 0x10, 0xaa);
    const dpf = stored('dpf', null, ['DPF-FAP OFF'], 0x40, 0xbb);
    const changed = original.slice();
    changed[0x41] = 0;
    const result = matchRead(changed, { stage: null, options: ['EGR OFF', 'DPF-FAP OFF'] }, [egr, dpf]);
    expect(result.checks[1]).toEqual({
      id: 'dpf',
      result: { match: false, reason: 'range-differs', offset: 0x40, message: 'range at 0x40 differs' },
    });
    expect(result.coverage).toMatchObject({
      kind: 'partial',
      covered: ['EGR OFF'],
      remaining: ['DPF-FAP OFF'],
    });
  });
});

describe('hex', () => {
  it('round-trips bytes and names offsets as engineers write them', () => {
    const b = bytes(0, 1, 0xab, 0xff);
    expect(toHex(b)).toBe('0001abff');
    expect(fromHex('0001abff')).toEqual(b);
    expect(() => fromHex('abc')).toThrow();
    expect(() => fromHex('zz')).toThrow();
    expect(() => fromHex('0g')).toThrow();
    expect(() => fromHex('é0')).toThrow();
    expect(fromHex('ABff')).toEqual(bytes(0xab, 0xff));
    expect(fromHex('')).toEqual(bytes());
    expect(hexOffset(0x1c4a20)).toBe('0x1C4A20');
  });
});
