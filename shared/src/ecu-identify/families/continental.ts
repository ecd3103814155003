import { bounded, type MakerRule } from './rule';

/** Continental and the Siemens (VDO) units it took over: SIMOS, SID, PCR, PPD, EMS, SIM2K. */
export const continental: MakerRule = {
  maker: 'Continental',
  aliases: ['Siemens', 'VDO', 'Siemens VDO'],
  families: [
    {
      pattern: bounded('SIMOS(?: ?(\\d{1,2}(?:\\.\\d{1,2}){0,2}))?'),
      format: (m) => (m[1] ? `SIMOS ${m[1]}` : 'SIMOS'),
      fuel: 'petrol',
    },
    { pattern: bounded('SID ?(\\d{3})'), format: (m) => `SID${m[1]}`, fuel: 'diesel' },
    { pattern: bounded('PCR ?2\\.[12]'), format: (m) => m[0].replace(' ', ''), fuel: 'diesel' },
    { pattern: bounded('PPD ?1\\.\\d'), format: (m) => m[0].replace(' ', ''), fuel: 'diesel' },
    { pattern: bounded('EMS ?(\\d{4})'), format: (m) => `EMS${m[1]}`, fuel: 'petrol' },
    { pattern: bounded('SIM2K-\\d{2,3}'), fuel: 'petrol' },
  ],
  identifiers: [
    // Siemens VDO hardware 5WP45102, software 5WS40262B-T; Continental part numbers A2C….
    { field: 'hardwareNumber', pattern: bounded('5WP\\d{5}[A-Z0-9]{0,3}'), strong: true },
    { field: 'hardwareNumber', pattern: bounded('A2C\\d{8,10}'), strong: true },
    { field: 'softwareNumber', pattern: bounded('5WS\\d{5}[A-Z]?(?:-[A-Z])?'), strong: true },
    // 'SW 12345678', 'CAL:1234567A': the label is common text, so only with a strong clue.
    { field: 'softwareNumber', pattern: bounded('(?:SW|CAL)[ :_-]?(\\d[0-9A-Z]{5,11})'), strong: false },
  ],
};
