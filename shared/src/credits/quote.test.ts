import { describe, expect, it } from 'vitest';
import { CREDIT_PACKAGES, findPackage } from './packages';
import { quotePackage } from './quote';

// [package, per-credit price in pence, subtotal, VAT, total]
const table: [string, number, number, number, number][] = [
  // £60 (the default)
  ['1credit', 6000, 6000, 1200, 7200],
  ['2credits', 6000, 12000, 2400, 14400],
  ['3credits', 6000, 18000, 3600, 21600],
  ['4credits', 6000, 24000, 4800, 28800],
  ['10credits', 6000, 55200, 11040, 66240],
  ['25credits', 6000, 132000, 26400, 158400],
  ['48credits', 6000, 241920, 48384, 290304],
  // £45
  ['1credit', 4500, 4500, 900, 5400],
  ['10credits', 4500, 41400, 8280, 49680],
  ['25credits', 4500, 99000, 19800, 118800],
  ['48credits', 4500, 181440, 36288, 217728],
  // £59.99: rounding at both steps
  ['1credit', 5999, 5999, 1200, 7199],
  ['10credits', 5999, 55191, 11038, 66229],
  ['25credits', 5999, 131978, 26396, 158374],
  ['48credits', 5999, 241880, 48376, 290256],
  // Rounding edges: subtotal x.5 pence rounds up; VAT x.5 rounds up
  ['25credits', 1, 22, 4, 26],
  ['10credits', 7, 64, 13, 77],
  ['1credit', 1, 1, 0, 1],
  ['1credit', 3, 3, 1, 4],
];

describe('quotePackage', () => {
  it.each(table)('%s at %ip -> subtotal %i, VAT %i, total %i', (id, price, subtotal, vat, total) => {
    const q = quotePackage(findPackage(id)!, price);
    expect(q.subtotalPence).toBe(subtotal);
    expect(q.vatPence).toBe(vat);
    expect(q.totalPence).toBe(total);
    expect(q.listPence - q.discountPence).toBe(q.subtotalPence);
  });

  it('matches the example in docs/product.md: 25 credits at £60 is £1,320 + £264 = £1,584', () => {
    expect(quotePackage(findPackage('25credits')!, 6000)).toEqual({
      credits: 25,
      discountPercent: 12,
      listPence: 150000,
      discountPence: 18000,
      subtotalPence: 132000,
      vatPence: 26400,
      totalPence: 158400,
    });
  });

  it.each([0, -100, 12.5, Number.NaN])('refuses a per-credit price of %s', (price) => {
    expect(() => quotePackage(findPackage('1credit')!, price)).toThrow(RangeError);
  });
});

describe('CREDIT_PACKAGES', () => {
  it('holds the 7 packages with their discounts, 25 flagged popular', () => {
    expect(CREDIT_PACKAGES.map((p) => [p.id, p.credits, p.discountPercent])).toEqual([
      ['1credit', 1, 0],
      ['2credits', 2, 0],
      ['3credits', 3, 0],
      ['4credits', 4, 0],
      ['10credits', 10, 8],
      ['25credits', 25, 12],
      ['48credits', 48, 16],
    ]);
    expect(CREDIT_PACKAGES.filter((p) => p.popular).map((p) => p.id)).toEqual(['25credits']);
  });
});
