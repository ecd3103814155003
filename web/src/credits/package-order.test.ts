import { findPackage } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import {
  checkoutPackage,
  checkoutStateFor,
  orderPackage,
  perCreditPricePence,
  quoteForUser,
} from './package-order';

const pack25 = findPackage('25credits')!;

describe('perCreditPricePence', () => {
  it.each([
    [60, 6000],
    [52.5, 5250],
    [0.1 + 0.2, 30],
    [0, 6000],
    [-5, 6000],
    [Number.NaN, 6000],
    [undefined, 6000],
  ])('£%s -> %i pence', (pounds, pence) => {
    expect(perCreditPricePence({ perCreditPrice: pounds as number })).toBe(pence);
  });
});

describe('quoteForUser', () => {
  it('prices the 25-credit pack at £60 as docs/product.md says', () => {
    const quote = quoteForUser(pack25, { perCreditPrice: 60 });
    expect(quote).toMatchObject({ subtotalPence: 132000, vatPence: 26400, totalPence: 158400 });
    expect(checkoutStateFor(pack25, quote)).toEqual({
      package: pack25,
      subtotal: 1320,
      vat: 264,
      total: 1584,
      from: 'order-details',
    });
  });
});

describe('orderPackage', () => {
  it.each([
    ['25credits', null, '25credits'],
    [null, { package: { id: '10credits' } }, '10credits'],
    ['48credits', { package: { id: '10credits' } }, '48credits'],
    ['nope', { package: { id: '2credits', credits: 999 } }, '2credits'],
    ['nope', null, undefined],
    [null, { package: 'x' }, undefined],
    [null, undefined, undefined],
  ])('query %s, state %j -> %s', (query, state, id) => {
    expect(orderPackage(query, state)?.id).toBe(id);
  });

  it('takes credits and discount from the catalogue, never from the state', () => {
    expect(orderPackage(null, { package: { id: '25credits', credits: 1000, discountPercent: 99 } })).toBe(
      pack25,
    );
  });
});

describe('checkoutPackage', () => {
  it.each([
    ['25credits', { package: { id: '25credits' }, from: 'order-details' }, '25credits'],
    ['25credits', { package: { id: '25credits' } }, undefined],
    ['25credits', null, undefined],
    ['25credits', { from: 'order-details' }, '25credits'],
    [null, { from: 'order-details' }, undefined],
    [null, { package: { id: '25credits' }, from: 'buy-credits' }, undefined],
  ])('query %s, state %j -> %s', (query, state, id) => {
    expect(checkoutPackage(query, state)?.id).toBe(id);
  });
});
