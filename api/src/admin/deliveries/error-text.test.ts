import { describe, expect, it } from 'vitest';
import { deliveryErrorText, ERROR_TEXT_MAX } from './error-text';

describe('the error line the Deliveries desk shows', () => {
  it.each([
    [
      'an error of a refused connection',
      { message: 'connect ECONNREFUSED 127.0.0.1:2525', stack: 'Error: x\n  at y' },
      'connect ECONNREFUSED 127.0.0.1:2525',
    ],
    [
      'only the first line of the message',
      { message: 'Message failed: 550 mailbox unavailable\nmore detail' },
      'Message failed: 550 mailbox unavailable',
    ],
    ['a text output as it is', 'job timed out', 'job timed out'],
    ['no message: nothing', { code: 'ESOCKET' }, null],
    ['no output: nothing', null, null],
    ['a blank message: nothing', { message: ' \n ' }, null],
    [
      'a six-digit code taken out',
      { message: 'Rejected: your code is 482913' },
      'Rejected: your code is ***',
    ],
    ['a short number kept', { message: 'Timeout after 45000 ms' }, 'Timeout after 45000 ms'],
    [
      'credentials in a URL taken out',
      { message: 'Cannot reach smtps://relay:hunter2@mail.example.com:465' },
      'Cannot reach smtps://***@mail.example.com:465',
    ],
    [
      'a long token taken out',
      { message: 'Bad token abcdefABCDEF0123456789abcdefABCDEF01 here' },
      'Bad token *** here',
    ],
    ['control characters made spaces', { message: 'bad\u0007bell\tand tab' }, 'bad bell and tab'],
  ])('%s', (_name, output, expected) => {
    expect(deliveryErrorText(output)).toBe(expected);
  });

  it('cuts a long message to a line the desk can show', () => {
    const text = deliveryErrorText({ message: 'word '.repeat(200) });
    expect(text).toHaveLength(ERROR_TEXT_MAX);
    expect(text?.endsWith('…')).toBe(true);
  });
});
