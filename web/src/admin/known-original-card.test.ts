import { describe, expect, it } from 'vitest';
import { planText } from './known-original-card';

describe('planText', () => {
  it.each([
    [{ stage: 'Stage 1', options: ['EGR OFF'] }, 'Stage 1 + EGR OFF'],
    [{ stage: 'Stage 2', options: ['DPF-FAP OFF', 'EGR OFF'] }, 'Stage 2 + DPF-FAP OFF + EGR OFF'],
    [{ stage: 'Stage 1', options: [] }, 'Stage 1'],
  ])('%j reads %s', (plan, text) => {
    expect(planText(plan)).toBe(text);
  });
});
