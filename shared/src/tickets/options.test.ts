import { describe, expect, it } from 'vitest';
import { FREE_SOLUTIONS, OPTION_CATEGORIES, SOLUTION_OPTIONS } from './options';

describe('SOLUTION_OPTIONS', () => {
  it('holds all 37 names, first ACT OFF, last ADDITIONAL SOLUTIONS ADDED TO MASTER FILE', () => {
    expect(SOLUTION_OPTIONS).toHaveLength(37);
    expect(SOLUTION_OPTIONS[0]?.name).toBe('ACT OFF');
    expect(SOLUTION_OPTIONS.at(-1)?.name).toBe('ADDITIONAL SOLUTIONS ADDED TO MASTER FILE');
  });

  it('has unique ids and names, each in a known category', () => {
    expect(new Set(SOLUTION_OPTIONS.map((o) => o.id)).size).toBe(37);
    expect(new Set(SOLUTION_OPTIONS.map((o) => o.name)).size).toBe(37);
    for (const o of SOLUTION_OPTIONS) expect(OPTION_CATEGORIES).toContain(o.category);
  });

  it.each([
    ['IMMO OFF', 2],
    ['CVN FIX', 1],
    ['POP & BANG (PETROL ONLY)', 1],
    ['ENCRYPT / DECRYPT', 1],
    ['FLEX FUEL E85', 1],
    ['ORIGINAL FILE REQUEST', 1],
    ['ADDITIONAL SOLUTIONS ADDED TO MASTER FILE', 1],
  ])('%s carries a surcharge of %i', (name, credits) => {
    expect(SOLUTION_OPTIONS.find((o) => o.name === name)?.surcharge).toBe(credits);
  });

  it('has exactly seven surcharged options', () => {
    expect(SOLUTION_OPTIONS.filter((o) => o.surcharge !== null)).toHaveLength(7);
  });

  it('marks the first 18 names, ACT OFF to WATER PUMP FIX, as the free solutions', () => {
    expect(FREE_SOLUTIONS).toHaveLength(18);
    expect(FREE_SOLUTIONS[0]?.name).toBe('ACT OFF');
    expect(FREE_SOLUTIONS.at(-1)?.name).toBe('WATER PUMP FIX');
  });
});
