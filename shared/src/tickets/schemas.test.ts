import { describe, expect, it } from 'vitest';
import { modificationPlanSchema, normaliseOptions, vehicleDetailsSchema } from './schemas';

const vehicle = {
  make: 'BMW',
  model: '320d',
  year: '2015',
  registration: 'AB12 CDE',
  transmission: 'Manual',
  readTool: 'KESS',
  readType: 'OBD',
  masterSlave: 'Master',
};

function first(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('vehicleDetailsSchema', () => {
  it.each([
    [vehicle, null],
    [{ ...vehicle, transmission: '' }, 'Please select a transmission'],
    [{ ...vehicle, readTool: undefined }, 'Please select read tool'],
    [{ ...vehicle, readType: 'Telepathy' }, 'Please select a read type'],
    [{ ...vehicle, make: ' ' }, 'Make is required'],
    [{ ...vehicle, registration: '' }, 'Registration is required'],
  ])('%j -> %s', (input, expected) => {
    expect(first(vehicleDetailsSchema.safeParse(input))).toBe(expected);
  });

  it('checks transmission before read tool before read type (documented order)', () => {
    const messages = vehicleDetailsSchema
      .safeParse({ ...vehicle, transmission: '', readTool: '', readType: '' })
      .error?.issues.map((i) => i.message);
    expect(messages).toEqual([
      'Please select a transmission',
      'Please select read tool',
      'Please select a read type',
    ]);
  });

  it('defaults master/slave to Master', () => {
    const { masterSlave: _, ...rest } = vehicle;
    expect(vehicleDetailsSchema.parse(rest).masterSlave).toBe('Master');
  });
});

describe('modificationPlanSchema', () => {
  it.each([
    [{ stage: 'Stage 1', options: ['EGR OFF'] }, null],
    [{ stage: '', options: ['EGR OFF'] }, 'Please select a stage'],
    [{ stage: 'Stage 1', options: [] }, 'Please select any option'],
    [{ stage: 'Gear Box', options: [] }, null],
    [{ stage: 'Stage 1', options: ['NOT AN OPTION'] }, 'Unknown option'],
  ])('%j -> %s', (input, expected) => {
    expect(first(modificationPlanSchema.safeParse(input))).toBe(expected);
  });

  it.each(['Gear Box', 'Original File (Back To Stock)', 'ECU Cloning'])(
    'clears chosen options for %s',
    (stage) => {
      expect(modificationPlanSchema.parse({ stage, options: ['EGR OFF'] }).options).toEqual([]);
    },
  );
});

describe('normaliseOptions', () => {
  const table: [unknown[], string[]][] = [
    [[['EGR OFF', 'DTC OFF']], ['EGR OFF', 'DTC OFF']],
    [['EGR OFF, DTC OFF ,, '], ['EGR OFF', 'DTC OFF']],
    [
      [['EGR OFF,DTC OFF'], 'NOx'],
      ['EGR OFF', 'DTC OFF', 'NOx'],
    ],
    [[undefined, null], []],
    [[['EGR OFF'], ['EGR OFF']], ['EGR OFF']],
    [[[1, 'EGR OFF']], ['EGR OFF']],
  ];
  it.each(table)('%j -> %j', (values, expected) => {
    expect(normaliseOptions(...values)).toEqual(expected);
  });
});
