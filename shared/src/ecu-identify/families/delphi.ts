import { bounded, type MakerRule } from './rule';

/** Delphi: DCM common-rail diesel units and the older DDCR, DCU, CRD; MT petrol units. */
export const delphi: MakerRule = {
  maker: 'Delphi',
  families: [
    // DCM3.5, DCM6.2A, DCM3.7AP.
    { pattern: bounded('DCM ?(\\d\\.\\d{1,2}[A-Z]{0,2})'), format: (m) => `DCM${m[1]}`, fuel: 'diesel' },
    { pattern: bounded('DDCR'), fuel: 'diesel' },
    { pattern: bounded('DCU ?(\\d{2,3})'), format: (m) => `DCU${m[1]}`, fuel: 'diesel' },
    { pattern: bounded('CRD ?(\\d(?:\\.\\d{1,2})?)'), format: (m) => `CRD${m[1]}`, fuel: 'diesel' },
    { pattern: bounded('MT\\d{2}(?:\\.\\d)?'), fuel: 'petrol' },
  ],
  identifiers: [
    // Delphi's 8-digit numbers start with 28 (28231014); a bare number, so only with a strong clue.
    { field: 'hardwareNumber', pattern: bounded('28\\d{6}'), strong: false },
  ],
};
