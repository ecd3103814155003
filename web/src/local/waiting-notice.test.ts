import { describe, expect, it } from 'vitest';
import { waitingText } from './waiting-notice';

describe('waitingText', () => {
  it('says nothing when no ticket waits', () => {
    expect(waitingText(0)).toBeNull();
  });

  it('counts the waiting tickets and says they go once the same account signs in', () => {
    expect(waitingText(1)).toBe(
      '1 ticket is waiting on this device. It is sent once you sign in again with the same account.',
    );
    expect(waitingText(3)).toBe(
      '3 tickets are waiting on this device. They are sent once you sign in again with the same account.',
    );
  });
});
