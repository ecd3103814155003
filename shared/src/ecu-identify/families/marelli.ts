import { bounded, type MakerRule } from './rule';

/** Magneti Marelli: IAW petrol, MJD and MJ diesel, MM petrol units ('8GMF' is MM 8GMF). */
export const marelli: MakerRule = {
  maker: 'Marelli',
  aliases: ['Magneti Marelli'],
  families: [
    { pattern: bounded('IAW ?(\\d[A-Z0-9]{1,3})'), format: (m) => `IAW ${m[1]}`, fuel: 'petrol' },
    { pattern: bounded('MJD ?(\\d[A-Z0-9]{0,3})'), format: (m) => `MJD ${m[1]}`, fuel: 'diesel' },
    { pattern: bounded('MJ(\\d[A-Z]{2})'), format: (m) => `MJ${m[1]}`, fuel: 'diesel' },
    { pattern: bounded('(?:MM ?)?(\\d{1,2}GM[A-Z])'), format: (m) => `MM ${m[1]}`, fuel: 'petrol' },
    { pattern: bounded('MM ?(\\d{1,2}[A-Z]{2,3})'), format: (m) => `MM ${m[1]}`, fuel: 'petrol' },
  ],
  identifiers: [],
};
