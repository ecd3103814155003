const KB = 1024;
const MB = 1024 * KB;

/**
 * Sizes of a whole flash read of the units tuners bring, from 32 KB Motronic EPROMs to 16 MB
 * Aurix; the processor or chip that has each size is noted. A file of another size is not a
 * whole flash: a partial read, a read with extra data appended, or a format we do not know.
 */
export const KNOWN_FLASH_SIZES: readonly { bytes: number; label: string }[] = [
  { bytes: 32 * KB, label: '32 KB' }, // 27C256 EPROM, early Motronic
  { bytes: 64 * KB, label: '64 KB' }, // 27C512, M1.x / M3.x
  { bytes: 128 * KB, label: '128 KB' }, // 29F010, EDC15 EEPROM-era, ME2.x
  { bytes: 256 * KB, label: '256 KB' }, // 29F200, EDC15 / M5.9
  { bytes: 512 * KB, label: '512 KB' }, // 29F400, EDC15, ME7 early
  { bytes: 768 * KB, label: '768 KB' }, // MPC555 internal + some Siemens reads
  { bytes: 1 * MB, label: '1 MB' }, // 29F800, ME7, EDC16 C-series
  { bytes: 1.5 * MB, label: '1.5 MB' }, // TC1766 / TC1738 (EDC17C, MED17)
  { bytes: 2 * MB, label: '2 MB' }, // EDC16C39, TC1796 / TC1767 (EDC17, MED17, SIMOS)
  { bytes: 2.5 * MB, label: '2.5 MB' }, // TC1782
  { bytes: 3 * MB, label: '3 MB' }, // MPC5644 (Delphi DCM6, Continental)
  { bytes: 4 * MB, label: '4 MB' }, // TC1793 / TC1797 / TC275 / TC277 (EDC17CP, MG1, MD1)
  { bytes: 6 * MB, label: '6 MB' }, // TC377
  { bytes: 8 * MB, label: '8 MB' }, // TC297 / TC298 / TC299 (MG1, MD1)
  { bytes: 10 * MB, label: '10 MB' }, // TC387
  { bytes: 16 * MB, label: '16 MB' }, // TC397
];

export function isKnownFlashSize(size: number): boolean {
  return KNOWN_FLASH_SIZES.some((s) => s.bytes === size);
}

/** The known sizes on either side of `size` (null past either end). */
export function nearestKnownSizes(size: number): {
  below: (typeof KNOWN_FLASH_SIZES)[number] | null;
  above: (typeof KNOWN_FLASH_SIZES)[number] | null;
} {
  const above = KNOWN_FLASH_SIZES.find((s) => s.bytes > size) ?? null;
  const below = KNOWN_FLASH_SIZES.findLast((s) => s.bytes < size) ?? null;
  return { below, above };
}
