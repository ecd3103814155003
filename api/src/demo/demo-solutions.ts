import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { diffRanges, planItems, STAGES, toHex } from '@ecu/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { solutions } from '../db/schema';
import { createRandom } from './seeded-random';

/**
 * The demo's solution library (docs/decisions/085-solution-library.md): approved solutions for
 * a few common software versions, made from synthetic reads the seed can also write to disk.
 * A demo tuner who uploads one of those reads with a covered plan (while Settings' automatic
 * delivery is on) gets the tuned file within seconds. Real reads are customers' files and are
 * never part of the demo.
 */

const MB = 1024 * 1024;

/** One change an engineer made: `length` bytes at `offset`. */
interface DemoChange {
  offset: number;
  length: number;
}

export interface DemoSoftware {
  maker: string;
  family: string;
  hardwareNumber: string;
  softwareNumber: string;
  /** What it is usually found in, for the seed's printout. */
  vehicle: string;
  /** The read's size: a known flash size (shared/src/ecu-identify/flash-sizes.ts). */
  size: number;
  /** Each solution: a stage or one option, and the bytes it changes (ranges never overlap). */
  items: { item: string; changes: DemoChange[] }[];
}

const STAGE_1: DemoChange[] = [
  { offset: 0x1c4a20, length: 256 },
  { offset: 0x1c8000, length: 128 },
  { offset: 0x1d0100, length: 64 },
];
const EGR_OFF: DemoChange[] = [{ offset: 0x1e2400, length: 16 }];
const DPF_OFF: DemoChange[] = [
  { offset: 0x1e3000, length: 24 },
  { offset: 0x1e3800, length: 8 },
];

export const DEMO_SOFTWARE: readonly DemoSoftware[] = [
  {
    maker: 'Bosch',
    family: 'EDC17C64',
    hardwareNumber: '0281019421',
    softwareNumber: '1037541778',
    vehicle: 'Volkswagen Golf 2.0 TDI',
    size: 2 * MB,
    items: [
      { item: 'Stage 1', changes: STAGE_1 },
      { item: 'EGR OFF', changes: EGR_OFF },
      { item: 'DPF-FAP OFF', changes: DPF_OFF },
    ],
  },
  {
    maker: 'Bosch',
    family: 'EDC17C46',
    hardwareNumber: '0281017946',
    softwareNumber: '1037394113',
    vehicle: 'Audi A4 2.0 TDI',
    size: 2 * MB,
    items: [
      { item: 'Stage 1', changes: STAGE_1 },
      { item: 'EGR OFF', changes: EGR_OFF },
    ],
  },
  {
    maker: 'Bosch',
    family: 'MED17.5.25',
    hardwareNumber: '0261S08131',
    softwareNumber: '1037518920',
    vehicle: 'Volkswagen Golf GTI',
    size: 2 * MB,
    items: [
      { item: 'Stage 1', changes: STAGE_1 },
      { item: 'POP & BANG (PETROL ONLY)', changes: EGR_OFF },
    ],
  },
];

/** The VIN of the car the engineer's solutions were made from; demo reads carry other VINs. */
export const SOURCE_VIN = 'WVWZZZAUZKW000001';

/** Where the identifiers sit in a demo read (as the compiler would lay out C strings). */
const STRINGS_AT = { family: 0x40010, hardware: 0x40040, software: 0x40060, vin: 0x50000 };

/**
 * A synthetic read of this software: pseudo-random "code" (the same for every car of the
 * software) with the family, hardware and software numbers and the car's VIN as C strings.
 */
export function demoRead(software: DemoSoftware, vin: string = SOURCE_VIN): Uint8Array {
  const bytes = new Uint8Array(software.size);
  const random = createRandom(Number(software.softwareNumber.replace(/\D/g, '')) >>> 0);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random.next() * 256);
  const put = (offset: number, text: string) => {
    bytes[offset - 1] = 0;
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
    bytes[offset + text.length] = 0;
  };
  put(STRINGS_AT.family, software.family);
  put(STRINGS_AT.hardware, software.hardwareNumber);
  put(STRINGS_AT.software, software.softwareNumber);
  put(STRINGS_AT.vin, vin);
  return bytes;
}

/** The read as the engineer tuned it for these items (each changed byte moves by 0x11..0x17). */
export function demoTuned(software: DemoSoftware, read: Uint8Array, items: readonly string[]): Uint8Array {
  const out = read.slice();
  for (const { item, changes } of software.items) {
    if (!items.includes(item)) continue;
    for (const { offset, length } of changes) {
      for (let i = offset; i < offset + length; i++) out[i] = (read[i]! + 0x11 + (i % 7)) & 0xff;
    }
  }
  return out;
}

const isStage = (item: string) => (STAGES as readonly string[]).includes(item);

/** One row of the solutions table for each demo software and item, ranges from the diff. */
export function demoSolutionRows(approver: string | null, approvedAt: Date) {
  return DEMO_SOFTWARE.flatMap((software) => {
    const read = demoRead(software);
    return software.items.map(({ item }) => {
      const diff = diffRanges(read, demoTuned(software, read, [item]));
      if (!diff.ok) throw new Error(`demo solution ${software.softwareNumber} ${item}: ${diff.message}`);
      return {
        maker: software.maker,
        family: software.family,
        softwareNumber: software.softwareNumber,
        hardwareNumber: software.hardwareNumber,
        fileSize: software.size,
        stage: isStage(item) ? item : null,
        options: isStage(item) ? [] : [item],
        ranges: diff.ranges.map((r) => ({
          offset: r.offset,
          original: toHex(r.original),
          patched: toHex(r.patched),
        })),
        rangeCount: diff.ranges.length,
        bytesChanged: diff.bytesChanged,
        includesChecksum: false,
        state: 'approved' as const,
        approvedBy: approver,
        approvedAt,
        createdBy: approver,
        createdAt: approvedAt,
      };
    });
  });
}

/**
 * Writes the demo's solutions, approved by `approver`; a software and item already in the
 * library (a second demo run) is left as it is. Answers how many were written.
 */
export async function writeDemoSolutions(tx: Db | Tx, approver: string | null, now: number): Promise<number> {
  const existing = await tx
    .select({ softwareNumber: solutions.softwareNumber, stage: solutions.stage, options: solutions.options })
    .from(solutions)
    .where(
      and(
        inArray(
          solutions.softwareNumber,
          DEMO_SOFTWARE.map((s) => s.softwareNumber),
        ),
        eq(solutions.state, 'approved'),
      ),
    );
  const key = (s: { softwareNumber: string; stage: string | null; options: readonly string[] }) =>
    `${s.softwareNumber}|${planItems(s).join('+')}`;
  const taken = new Set(existing.map(key));
  const rows = demoSolutionRows(approver, new Date(now - 14 * 24 * 60 * 60_000)).filter(
    (r) => !taken.has(key(r)),
  );
  if (rows.length > 0) await tx.insert(solutions).values(rows);
  return rows.length;
}

/**
 * Writes one read of each demo software into `dir` (another car than the solutions were made
 * from: only its VIN differs), to upload in the demo. Answers the files' paths.
 */
export async function writeDemoReads(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const software of DEMO_SOFTWARE) {
    const file = path.join(dir, `${software.family}-${software.softwareNumber}-demo-read.bin`);
    await writeFile(file, demoRead(software, 'WVWZZZAUZKW123456'));
    written.push(file);
  }
  return written;
}
