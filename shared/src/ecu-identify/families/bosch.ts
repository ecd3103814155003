import { bounded, type MakerRule } from './rule';

/** Bosch: EDC (diesel), ME/MED/MEVD and MG1 (petrol), MD1 (diesel), Motronic M-series. */
export const bosch: MakerRule = {
  maker: 'Bosch',
  families: [
    // EDC15P+, EDC16C39, EDC17C46, EDC17CP44, sometimes printed 'EDC17_C46'.
    {
      pattern: bounded('EDC1[5-7](?:_?[A-Z]{1,2}\\d{0,2}\\+?)?'),
      format: (m) => m[0].replace('_', ''),
      fuel: 'diesel',
    },
    // ME7.5, MED9.1, MED17.5.25, MEVD17.2.4, ME17.9.11.
    { pattern: bounded('M(?:EVD|ED|E)\\d{1,2}(?:\\.\\d{1,2}){0,3}'), fuel: 'petrol' },
    { pattern: bounded('MG1[A-Z]{2}(?:\\d{3})?'), fuel: 'petrol' },
    { pattern: bounded('MD1[A-Z]{2}(?:\\d{3})?'), fuel: 'diesel' },
    // Older Motronic: M1.5.4, M3.8.3, MP7.2, M7.9.7.
    { pattern: bounded('MP?\\d\\.\\d(?:\\.\\d{1,2})?'), fuel: 'petrol' },
  ],
  identifiers: [
    // Hardware numbers: 0281 for diesel, 0261 for petrol units, 10 characters (0261S04276).
    { field: 'hardwareNumber', pattern: bounded('0281[0-9S]\\d{5}'), strong: true, fuel: 'diesel' },
    { field: 'hardwareNumber', pattern: bounded('0261[0-9S]\\d{5}'), strong: true, fuel: 'petrol' },
    // Newer units carry F01R… part numbers (F01R00DE55).
    { field: 'hardwareNumber', pattern: bounded('F01R[0-9A-Z]{6}'), strong: true },
    { field: 'softwareNumber', pattern: bounded('1037\\d{6}'), strong: true },
  ],
};
