import { describe, expect, it } from 'vitest';
import { creditPriceInput, priceFieldText } from './credit-price';

describe('creditPriceInput', () => {
  it.each([
    ['45', 45],
    ['45.5', 45.5],
    [' 60.00 ', 60],
    ['0.01', 0.01],
    ['100000', 100_000],
  ])('takes %j as £%d', (text, pounds) => {
    expect(creditPriceInput('u1', text)).toEqual({ userId: 'u1', creditPrice: pounds });
  });

  it.each([[''], ['   '], ['0'], ['-1'], ['-0.01'], ['abc'], ['45.555'], ['100000.01'], ['Infinity']])(
    'refuses %j (Enter a valid price)',
    (text) => {
      expect(creditPriceInput('u1', text)).toBeNull();
    },
  );
});

describe('priceFieldText', () => {
  it('shows two decimals, and the default £60 when the price is unknown', () => {
    expect(priceFieldText(45)).toBe('45.00');
    expect(priceFieldText(12.5)).toBe('12.50');
    expect(priceFieldText(null)).toBe('60.00');
    expect(priceFieldText(undefined)).toBe('60.00');
    expect(priceFieldText(Number.NaN)).toBe('60.00');
  });
});
