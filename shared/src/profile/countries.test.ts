import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';

describe('COUNTRIES', () => {
  it('holds the 75 entries from Afghanistan to Vietnam', () => {
    expect(COUNTRIES).toHaveLength(75);
    expect(COUNTRIES[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(COUNTRIES.at(-1)).toEqual({ code: 'VN', name: 'Vietnam' });
  });
  it.each(['US', 'GB', 'IN', 'DE', 'AE'])('includes %s', (code) => {
    expect(COUNTRIES.some((c) => c.code === code)).toBe(true);
  });
  it('has unique two-letter codes, sorted by name', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    const names = COUNTRIES.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });
});
