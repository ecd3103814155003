import { describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX } from './message';
import { chatTranslateInputSchema } from './translate';

describe('chatTranslateInputSchema', () => {
  it('takes a ticket, a text and an optional language of ours', () => {
    expect(chatTranslateInputSchema.parse({ ticketNumber: 7, text: ' Hallo ' })).toEqual({
      ticketNumber: 7,
      text: 'Hallo',
    });
    expect(chatTranslateInputSchema.parse({ ticketNumber: 7, text: 'Hi', target: 'de' }).target).toBe('de');
  });

  it.each([
    { ticketNumber: 7, text: '   ' },
    { ticketNumber: 7, text: 'x'.repeat(CHAT_TEXT_MAX + 1) },
    { ticketNumber: 7, text: 'Hi', target: 'ja' },
    { ticketNumber: 0, text: 'Hi' },
    { ticketNumber: 7, text: 'Hi', extra: 1 },
  ])('refuses %j', (input) => {
    expect(chatTranslateInputSchema.safeParse(input).success).toBe(false);
  });
});
