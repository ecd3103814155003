import { formatFileSize } from '../formats/file-size';
import { isKnownFlashSize, nearestKnownSizes } from './flash-sizes';
import type { EcuWarning } from './schema';

/**
 * A read that ends in a long run of one byte likely stopped early and was padded by the tool.
 * Erased flash is 0xFF and many units leave their last sectors empty, so a trailing 0xFF run
 * only counts when it is half the file; 0x00 is never erased flash, so a quarter suffices.
 * Either run must also be at least 64 KB, so small files with an empty last sector pass.
 */
export const TRAILING_FILL_MIN_BYTES = 64 * 1024;
export const TRAILING_FILL_MIN_SHARE: Readonly<Record<number, number>> = { 255: 0.5, 0: 0.25 };

export function trailingFillLength(bytes: Uint8Array): number {
  const last = bytes.length - 1;
  if (last < 0) return 0;
  const fill = bytes[last]!;
  let i = last;
  while (i >= 0 && bytes[i] === fill) i--;
  return last - i;
}

export function sizeWarnings(size: number): EcuWarning[] {
  if (isKnownFlashSize(size)) return [];
  const { below, above } = nearestKnownSizes(size);
  const warnings: EcuWarning[] = [
    {
      code: 'unknown-size',
      message: `The file is ${formatFileSize(size)} (${size} bytes): no ECU flash we know has this size.`,
      nearestBelow: below?.bytes ?? null,
      nearestAbove: above?.bytes ?? null,
    },
  ];
  // Nearer the next size up than the one below: most likely that flash, read short. Nearer
  // the one below: more likely a whole read with something appended.
  if (above && (!below || above.bytes - size < size - below.bytes)) {
    warnings.push({
      code: 'partial-read',
      message: `The file is ${formatFileSize(size)}, short of a ${above.label} flash: the read may have stopped early.`,
      reason: 'short-size',
      fillByte: null,
      fillLength: 0,
    });
  }
  return warnings;
}

export function trailingFillWarnings(bytes: Uint8Array): EcuWarning[] {
  const length = trailingFillLength(bytes);
  const fill = bytes[bytes.length - 1];
  const share = fill === undefined ? undefined : TRAILING_FILL_MIN_SHARE[fill];
  if (share === undefined || length < TRAILING_FILL_MIN_BYTES || length < bytes.length * share) return [];
  const percent = Math.round((length / bytes.length) * 100);
  const byte = fill === 0xff ? '0xFF' : '0x00';
  return [
    {
      code: 'partial-read',
      message: `The last ${formatFileSize(length)} (${percent}% of the file) are all ${byte}: the read may be partial.`,
      reason: 'trailing-fill',
      fillByte: fill!,
      fillLength: length,
    },
  ];
}

/** Compared without case, spaces, underscores or hyphens: 'SIMOS 18.1' equals 'Simos18.1'. */
const normalise = (s: string) => s.toUpperCase().replace(/[\s_-]+/g, '');

/**
 * One family name extends the other ('EDC17' and 'EDC17C46', 'ME7' and 'ME7.5', 'MG1CS' and
 * 'MG1CS001'), cut between a letter and a digit or at a dot: 'MED17.1' is not 'MED17.10',
 * and 'EDC17C' is not 'EDC17CP44'.
 */
export function sameFamily(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (!long.startsWith(short)) return false;
  if (short.length === long.length) return true;
  const before = short[short.length - 1]!;
  const after = long[short.length]!;
  const kind = (c: string) => (/\d/.test(c) ? 'digit' : /[A-Z]/.test(c) ? 'letter' : 'other');
  return kind(before) === 'other' || kind(after) === 'other' || kind(before) !== kind(after);
}

export interface DetectedMaker {
  maker: string | null;
  aliases: readonly string[];
  family: string | null;
}

export function mismatchWarnings(
  expected: { maker?: string; family?: string } | undefined,
  detected: DetectedMaker,
): EcuWarning[] {
  if (!expected || !detected.maker) return [];
  const names = [detected.maker, ...detected.aliases].map(normalise);
  const expMaker = expected.maker?.trim() ? normalise(expected.maker) : null;
  const makerDiffers = expMaker !== null && !names.includes(expMaker);
  // The picker's names carry the maker ('Bosch EDC17C46'); the family is compared without it.
  let expFamily = expected.family?.trim() ? normalise(expected.family) : null;
  const prefix = expFamily ? [expMaker, ...names].find((n) => n && expFamily!.startsWith(n)) : undefined;
  if (expFamily && prefix) expFamily = expFamily.slice(prefix.length);
  const familyDiffers =
    !makerDiffers && !!expFamily && !!detected.family && !sameFamily(expFamily, normalise(detected.family));
  if (!makerDiffers && !familyDiffers) return [];
  const said = (m: string | null | undefined, f: string | null | undefined) =>
    (f && m && f.toUpperCase().startsWith(m.toUpperCase()) ? f : [m, f].filter(Boolean).join(' ')) ||
    'another ECU';
  return [
    {
      code: 'ecu-mismatch',
      message: `The file looks like ${said(detected.maker, detected.family)}, but ${said(expected.maker, expected.family)} was chosen.`,
      expected: { maker: expected.maker ?? null, family: expected.family ?? null },
      detected: { maker: detected.maker, family: detected.family },
    },
  ];
}
