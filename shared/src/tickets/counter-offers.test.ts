import { describe, expect, it } from 'vitest';
import { priceDifferenceLabel } from './counter-offer-text';
import {
  answerRefusal,
  counterOfferPriceDifference,
  counterOfferSchema,
  priceAfterOffer,
  proposalRefusal,
  samePlan,
} from './counter-offers';

const audi = { make: 'Audi', masterSlave: 'Master' };
const bmw = { make: 'BMW', masterSlave: 'Master' };

describe('counterOfferPriceDifference', () => {
  it.each([
    ['same plan: 0', audi, ['Stage 1', ['EGR OFF']], ['Stage 1', ['EGR OFF']], 0],
    ['one more paid option: +1', audi, ['Eco', ['EGR OFF']], ['Eco', ['EGR OFF', 'DTC OFF']], 1],
    ['Stage 1 makes free solutions free: −1', audi, ['Eco', ['EGR OFF']], ['Stage 1', ['EGR OFF']], -1],
    ['to a no-option stage drops the options', audi, ['Eco', ['EGR OFF', 'DTC OFF']], ['Gear Box', []], -2],
    ['the make base cancels out (BMW)', bmw, ['Eco', ['EGR OFF']], ['Eco', ['EGR OFF', 'DTC OFF']], 1],
  ] as const)('%s', (_, pricing, [s1, o1], [s2, o2], expected) => {
    expect(counterOfferPriceDifference(pricing, { stage: s1, options: o1 }, { stage: s2, options: o2 })).toBe(
      expected,
    );
  });

  it('a Slave further solution (earlier ticket within 21 days of the pricing) keeps its options free', () => {
    const pricing = {
      make: 'Audi',
      masterSlave: 'Slave',
      earlierTicketsForRegistration: ['2026-11-20T10:00:00Z'],
      pricedAt: '2026-11-25T10:00:00Z',
    };
    expect(
      counterOfferPriceDifference(
        pricing,
        { stage: 'Eco', options: ['EGR OFF'] },
        { stage: 'Eco', options: ['EGR OFF', 'DTC OFF'] },
      ),
    ).toBe(0);
  });
});

describe('proposalRefusal', () => {
  const current = { stage: 'Stage 1', options: ['EGR OFF'] };
  const other = { stage: 'Stage 2', options: ['EGR OFF'] };
  it.each([
    ['Pending, no offer, a new plan', 'Pending', false, other, null],
    ['In Progress, no offer, a new plan', 'In Progress', false, other, null],
    ['Completed is not open', 'Completed', false, other, 'not_open'],
    ['Unlocked is not open', 'Unlocked', false, other, 'not_open'],
    ['Failed is not open', 'Failed', false, other, 'not_open'],
    ['an offer already open', 'Pending', true, other, 'offer_open'],
    ['the same plan', 'Pending', false, current, 'same_plan'],
    [
      'the same options in another order',
      'Pending',
      false,
      { stage: 'Stage 1', options: ['EGR OFF', 'EGR OFF'] },
      'same_plan',
    ],
  ] as const)('%s', (_, status, hasOpenOffer, proposed, expected) => {
    expect(proposalRefusal({ status, hasOpenOffer, current, proposed })?.kind ?? null).toBe(expected);
  });
});

describe('answerRefusal', () => {
  it.each([
    ['accept an open offer, Pending', true, 'Pending', 'accepted', null],
    ['accept an open offer, In Progress', true, 'In Progress', 'accepted', null],
    ['decline an open offer', true, 'Pending', 'declined', null],
    ['no open offer', false, 'Pending', 'accepted', 'not_open'],
    ['decline without an open offer', false, 'Pending', 'declined', 'not_open'],
    ['accept once the ticket is Unlocked', true, 'Unlocked', 'accepted', 'not_open'],
    ['accept once the ticket Failed', true, 'Failed', 'accepted', 'not_open'],
    ['decline once the ticket is Completed', true, 'Completed', 'declined', null],
  ] as const)('%s', (_, hasOpenOffer, status, answer, expected) => {
    expect(answerRefusal({ hasOpenOffer, status, answer })?.kind ?? null).toBe(expected);
  });
});

describe('samePlan, priceAfterOffer, priceDifferenceLabel', () => {
  it.each([
    [{ stage: 'Eco', options: ['A', 'B'] }, { stage: 'Eco', options: ['B', 'A'] }, true],
    [{ stage: 'Eco', options: ['A'] }, { stage: 'Eco', options: ['A', 'B'] }, false],
    [{ stage: 'Eco', options: [] }, { stage: 'Stage 1', options: [] }, false],
  ])('samePlan %o %o', (a, b, expected) => {
    expect(samePlan(a, b)).toBe(expected);
  });
  it.each([
    [3, 2, 5],
    [3, -1, 2],
    [1, -3, 0],
  ])('priceAfterOffer(%i, %i) = %i', (need, diff, expected) => {
    expect(priceAfterOffer(need, diff)).toBe(expected);
  });
  it.each([
    [0, 'No change in price'],
    [1, '+1 credit'],
    [2, '+2 credits'],
    [-1, '−1 credit'],
  ])('priceDifferenceLabel(%i)', (n, expected) => {
    expect(priceDifferenceLabel(n)).toBe(expected);
  });
});

describe('counterOfferSchema', () => {
  it('takes a plan and a trimmed message; a no-option stage clears the options', () => {
    expect(
      counterOfferSchema.parse({
        ticketNumber: '100001',
        stage: 'Gear Box',
        options: ['EGR OFF'],
        message: ' Hi ',
      }),
    ).toEqual({ ticketNumber: 100001, stage: 'Gear Box', options: [], message: 'Hi' });
  });
  it.each([
    ['no message', { ticketNumber: 100001, stage: 'Eco', options: ['EGR OFF'] }, 'message'],
    [
      'a blank message',
      { ticketNumber: 100001, stage: 'Eco', options: ['EGR OFF'], message: '  ' },
      'message',
    ],
    ['an unknown stage', { ticketNumber: 100001, stage: 'Stage 9', options: [], message: 'x' }, 'stage'],
    [
      'an option stage without options',
      { ticketNumber: 100001, stage: 'Eco', options: [], message: 'x' },
      'options',
    ],
    ['an unknown option', { ticketNumber: 100001, stage: 'Eco', options: ['Warp'], message: 'x' }, 'options'],
    ['no ticket number', { stage: 'Eco', options: ['EGR OFF'], message: 'x' }, 'ticketNumber'],
  ])('refuses %s', (_, body, path) => {
    const result = counterOfferSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(path);
  });
});
