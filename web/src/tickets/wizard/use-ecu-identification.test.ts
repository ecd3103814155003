import { KB, MB, makeBinary, truncated } from '@ecu/shared/ecu-identify/test-binaries';
import { describe, expect, it } from 'vitest';
import { identifyEcuFile } from './use-ecu-identification';

// Node has no Worker: these run the main-thread fallback the hook uses where workers are missing.
const bosch = makeBinary({
  size: 2 * MB,
  randomBytes: 1.5 * MB,
  strings: [{ offset: 0x40000, text: '0281017946 1037512345 EDC17C46' }],
});
// makeBinary's bytes are never shared memory: the cast only narrows the buffer's type.
const fileOf = (bytes: Uint8Array, name = 'read.bin') => new File([bytes as Uint8Array<ArrayBuffer>], name);

describe('identifyEcuFile (main-thread fallback)', () => {
  it('finds the maker and numbers of a Bosch read', async () => {
    expect(typeof Worker).toBe('undefined');
    const result = await identifyEcuFile(fileOf(bosch), '');
    expect(result).toMatchObject({
      maker: 'Bosch',
      family: 'EDC17C46',
      hardwareNumber: '0281017946',
      flashSize: 2 * MB,
      warnings: [],
    });
  });

  it('warns that a truncated read may be partial', async () => {
    const result = await identifyEcuFile(fileOf(truncated(bosch, 2 * MB - 64 * KB)), '');
    expect(result.maker).toBe('Bosch');
    expect(result.warnings.map((w) => w.code)).toContain('partial-read');
  });

  it('compares with the ECU chosen in the picker', async () => {
    const same = await identifyEcuFile(fileOf(bosch), 'Bosch EDC17C46');
    expect(same.warnings).toEqual([]);
    const other = await identifyEcuFile(fileOf(bosch), 'Bosch EDC17CP44');
    expect(other.warnings).toEqual([expect.objectContaining({ code: 'ecu-mismatch' })]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const pending = identifyEcuFile(fileOf(bosch), '', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
