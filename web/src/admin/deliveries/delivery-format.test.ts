import { describe, expect, it } from 'vitest';
import { attemptsText, failedHeadline, kindText, statusText } from './delivery-format';

describe('the words of the Deliveries desk', () => {
  it.each([
    ['mail', 'E-mail'],
    ['push', 'Push'],
    ['prune', 'Pruning'],
    ['chat-compact', 'Chat compact'],
    ['tus_expiry', 'Tus expiry'],
    ['---', '---'],
  ])('kind %s reads %s', (kind, text) => {
    expect(kindText(kind)).toBe(text);
  });

  it.each([
    ['retrying', 'Retrying'],
    ['failed', 'Failed'],
    ['dead', 'Gave up'],
  ] as const)('status %s reads %s', (status, text) => {
    expect(statusText(status)).toBe(text);
  });

  it.each([
    [1, '1 attempt'],
    [2, '2 attempts'],
  ])('%i reads %s', (n, text) => {
    expect(attemptsText(n)).toBe(text);
  });

  it.each([
    ['mail', 'retrying', 'Last e-mail failed'],
    ['mail', 'dead', 'Last e-mail gave up'],
    ['push', 'retrying', 'Last push failed'],
  ] as const)('a %s %s: %s', (kind, status, text) => {
    expect(failedHeadline({ kind, status })).toBe(text);
  });
});
