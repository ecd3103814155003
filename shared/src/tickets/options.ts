export const OPTION_CATEGORIES = [
  'performance',
  'emissions',
  'security',
  'maintenance',
  'service',
  'display',
  'diagnostics',
  'fuel',
  'transmission',
  'sensors',
  'comfort',
] as const;
export type OptionCategory = (typeof OPTION_CATEGORIES)[number];

/** A solution of the catalogue (docs/product.md#5-tickets). */
export interface SolutionOption {
  id: string;
  name: string;
  category: OptionCategory;
  /** Credits this option always costs (the catalogue's warning with credits), if any. */
  surcharge: number | null;
  /** One of the 18 solutions free with a Stage 1 or Stage 2 tune (docs/product.md#7-ticket-price). */
  freeWithStage: boolean;
}

type Row = [name: string, category: OptionCategory, surcharge: number | null];

// The documented list, in its order (docs/product.md#5-tickets). The first 18 (ACT OFF ... WATER
// PUMP FIX) are the free solutions.
const ROWS: Row[] = [
  ['ACT OFF', 'fuel', null],
  ['AGS OFF', 'transmission', null],
  ['CLONE ECU', 'service', null],
  ['CVN FIX', 'diagnostics', 1],
  ['DPF-FAP OFF', 'emissions', null],
  ['EGR OFF', 'emissions', null],
  ['EXHAUST FLAP REMOVAL', 'performance', null],
  ['GLOWPLUG', 'maintenance', null],
  ['HARDCUT POP&BANG LIMITER (DIESEL ONLY)', 'performance', null],
  ['IMMO OFF', 'security', 2],
  ['LAUNCH CONTROL', 'performance', null],
  ['NOx', 'emissions', null],
  ['OIL PRESSURE FIX', 'maintenance', null],
  ['POP & BANG (PETROL ONLY)', 'performance', 1],
  ['SAP DELETE', 'emissions', null],
  ['SPEED LIMIT OFF', 'performance', null],
  ['SWIRL FLAPS OFF', 'emissions', null],
  ['WATER PUMP FIX', 'maintenance', null],
  ['ENCRYPT / DECRYPT', 'security', 1],
  ['ADBLUE-SCR OFF', 'emissions', null],
  ['BMW SPORTS DISPLAY', 'display', null],
  ['COLD START NOISE', 'comfort', null],
  ['DECODE-ENCODE', 'security', null],
  ['DTC OFF', 'diagnostics', null],
  ['EVAP REMOVAL', 'emissions', null],
  ['FLEX FUEL E85', 'fuel', 1],
  ['GPF-OPF OFF', 'emissions', null],
  ['HOT START', 'maintenance', null],
  ['KICKDOWN DEACTIVATION', 'transmission', null],
  ['MAF OFF', 'sensors', null],
  ['O2-LAMBDA OFF', 'sensors', null],
  ['ORIGINAL FILE REQUEST', 'service', 1],
  ['READINESS CALIBRATION', 'diagnostics', null],
  ['SOFT REV LIMITER REMOVAL', 'performance', null],
  ['START STOP DISABLE', 'comfort', null],
  ['TPROT OFF', 'security', null],
  ['ADDITIONAL SOLUTIONS ADDED TO MASTER FILE', 'service', 1],
];

export const FREE_SOLUTION_COUNT = 18;

function idOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The whole catalogue: 37 entries, every named solution (docs/product.md#5-tickets). */
export const SOLUTION_OPTIONS: readonly SolutionOption[] = ROWS.map(([name, category, surcharge], i) => ({
  id: idOf(name),
  name,
  category,
  surcharge,
  freeWithStage: i < FREE_SOLUTION_COUNT,
}));

export const FREE_SOLUTIONS = SOLUTION_OPTIONS.filter((o) => o.freeWithStage);

export function findOption(name: string): SolutionOption | undefined {
  return SOLUTION_OPTIONS.find((o) => o.name === name);
}
