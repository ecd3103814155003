import { describe, expect, it } from 'vitest';
import { STORAGE_WARNING_PERCENT, storageUse, storageUseText } from './storage-use';

describe('storageUse', () => {
  // [total, free, used percent, nearly full]
  const cases: [number, number, number, boolean][] = [
    [1000, 1000, 0, false],
    [1000, 500, 50, false],
    [1000, 101, 89, false],
    [1000, 100, 90, true],
    [1000, 99, 90, true],
    [1000, 0, 100, true],
    // More free than the whole (a quota larger than the disk) counts as empty.
    [1000, 2000, 0, false],
    // A disk that reports no size at all is taken as full, never as fine.
    [0, 0, 100, true],
  ];
  it.each(cases)('%i bytes with %i free: %i%% used, nearly full %s', (total, free, percent, nearlyFull) => {
    expect(storageUse(total, free)).toMatchObject({ usedPercent: percent, nearlyFull });
  });

  it('warns from the documented share on', () => {
    expect(STORAGE_WARNING_PERCENT).toBe(90);
    expect(storageUse(100, 100 - STORAGE_WARNING_PERCENT).nearlyFull).toBe(true);
    expect(storageUse(100, 100 - STORAGE_WARNING_PERCENT + 1).nearlyFull).toBe(false);
  });

  it('says the share and both sizes in one line', () => {
    expect(storageUseText(storageUse(8 * 1024 * 1024, 512 * 1024))).toMatch(/^93% used: .+ free of .+$/);
  });
});
