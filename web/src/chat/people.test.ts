import type { ChatPerson } from '@ecu/shared/chat/doc';
import { describe, expect, it } from 'vitest';
import { chatPartnerName, senderLabel } from './people';

const people = new Map<string, ChatPerson>([
  ['owner', { firstName: 'Ann', lastName: 'Lee', role: 'user' }],
  ['sam', { firstName: 'Sam', lastName: 'Support', role: 'admin' }],
  ['kim', { firstName: 'Kim', lastName: 'Desk', role: 'admin' }],
]);

describe('chat partner', () => {
  it('for the owner: the admin who wrote last, else Support', () => {
    const base = { viewerId: 'owner', viewerRole: 'user' as const, ownerId: 'owner', people };
    expect(chatPartnerName({ ...base, senders: [] })).toBe('Support');
    expect(chatPartnerName({ ...base, senders: ['owner'] })).toBe('Support');
    expect(chatPartnerName({ ...base, senders: ['sam', 'owner', 'kim', 'owner'] })).toBe('Kim Desk');
    expect(chatPartnerName({ ...base, senders: ['kim', 'sam', 'owner'] })).toBe('Sam Support');
    // A sender the people map does not name yet does not count as an admin.
    expect(chatPartnerName({ ...base, senders: ['sam', 'stranger'] })).toBe('Sam Support');
  });

  it('for an admin: the owner', () => {
    const base = { viewerId: 'sam', viewerRole: 'admin' as const, people, senders: ['kim', 'owner'] };
    expect(chatPartnerName({ ...base, ownerId: 'owner' })).toBe('Ann Lee');
    expect(chatPartnerName({ ...base, ownerId: 'missing' })).toBe('Customer');
  });

  it('before the server has said who owns the ticket, the viewer role decides', () => {
    expect(
      chatPartnerName({
        viewerId: 'owner',
        viewerRole: 'user',
        ownerId: undefined,
        people,
        senders: ['sam'],
      }),
    ).toBe('Sam Support');
    expect(
      chatPartnerName({ viewerId: 'sam', viewerRole: 'admin', ownerId: undefined, people, senders: [] }),
    ).toBe('Customer');
  });

  it('labels senders: You, a name, or the role', () => {
    expect(senderLabel('owner', 'owner', people)).toBe('You');
    expect(senderLabel('sam', 'owner', people)).toBe('Sam Support');
    expect(senderLabel('unknown', 'owner', people)).toBe('Customer');
    const blank = new Map<string, ChatPerson>([['a', { firstName: '', lastName: '', role: 'admin' }]]);
    expect(senderLabel('a', 'owner', blank)).toBe('Support');
  });
});
