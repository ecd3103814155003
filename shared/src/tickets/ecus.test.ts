import { describe, expect, it } from 'vitest';
import { ECU_NAMES, ECU_TYPES, searchEcus } from './ecus';

describe('ECU catalogue', () => {
  it('holds several hundred unique names', () => {
    expect(ECU_NAMES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(ECU_NAMES).size).toBe(ECU_NAMES.length);
  });
  it.each([
    'Bosch',
    'Siemens',
    'Continental',
    'Marelli',
    'Delphi',
    'Denso',
    'Hitachi',
    'Mitsubishi',
    'Ford',
    'Delco',
    'Valeo',
    'Kefico',
  ])('has ECUs from %s', (maker) => {
    expect(ECU_TYPES.some((e) => e.maker === maker)).toBe(true);
  });
  it.each([
    'Bosch EDC17C46',
    'Bosch MED17.5.25',
    'Bosch MG1CS001',
    'Siemens SID807',
    'Continental SIMOS 18.1',
    'Marelli IAW 7GF',
    'Delphi DCM3.5',
  ])('has %s', (name) => {
    expect(ECU_NAMES).toContain(name);
  });
});

describe('searchEcus', () => {
  it('shows the first 50 for an empty search', () => {
    expect(searchEcus('')).toEqual(ECU_NAMES.slice(0, 50));
    expect(searchEcus('   ')).toHaveLength(50);
  });
  it('matches a case-insensitive substring', () => {
    const found = searchEcus('edc17c4');
    expect(found.length).toBeGreaterThan(3);
    expect(found.every((n) => n.toLowerCase().includes('edc17c4'))).toBe(true);
  });
  it('finds nothing for a name that is not there', () => {
    expect(searchEcus('zzz-not-an-ecu')).toEqual([]);
  });
});
