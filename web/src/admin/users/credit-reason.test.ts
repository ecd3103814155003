import { describe, expect, it } from 'vitest';
import { creditReasonError, REASON_MAX } from './credit-reason';

describe('creditReasonError', () => {
  it.each([
    ['', 'Please give a reason'],
    ['   \n ', 'Please give a reason'],
    ['x'.repeat(REASON_MAX + 1), 'Keep the reason to 500 characters'],
  ])('refuses %j', (text, message) => {
    expect(creditReasonError(text)).toBe(message);
  });

  it.each([['Goodwill for a slow file'], ['x'.repeat(REASON_MAX)], [`  ${'y'.repeat(REASON_MAX)}  `]])(
    'takes %j',
    (text) => {
      expect(creditReasonError(text)).toBeNull();
    },
  );
});
