import { describe, expect, it } from 'vitest';
import { displayName, fullName, initialsOf } from './user-names';

describe('user names', () => {
  const jane = { firstName: 'Jane', lastName: 'Doe', email: 'jane@x.com' };
  const fresh = { firstName: '', lastName: '', email: 'new@x.com' };

  it('names a user by full name, else by e-mail', () => {
    expect(fullName(jane)).toBe('Jane Doe');
    expect(displayName(jane)).toBe('Jane Doe');
    expect(fullName(fresh)).toBe('');
    expect(displayName(fresh)).toBe('new@x.com');
    expect(displayName({ firstName: 'Cher', lastName: '', email: 'c@x.com' })).toBe('Cher');
  });

  it('takes the avatar initials from the names, else the e-mail', () => {
    expect(initialsOf(jane)).toBe('JD');
    expect(initialsOf({ firstName: ' ann', lastName: 'lee ', email: 'a@x.com' })).toBe('AL');
    expect(initialsOf(fresh)).toBe('N');
    expect(initialsOf({ firstName: '', lastName: '', email: '' })).toBe('?');
  });
});
