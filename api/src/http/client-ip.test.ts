import { describe, expect, it } from 'vitest';
import { forwardedClient } from './client-ip';

describe('forwardedClient: the address the trusted proxies saw, counted from the right', () => {
  it.each([
    ['one proxy, one entry', '203.0.113.9', 1, '203.0.113.9'],
    ['one proxy that appended to a client-written header', '1.2.3.4, 203.0.113.9', 1, '203.0.113.9'],
    ['one proxy, spaces and junk on the left', 'junk,  ,1.2.3.4,203.0.113.9', 1, '203.0.113.9'],
    ['two proxies (a CDN before nginx)', '1.2.3.4, 203.0.113.9, 198.51.100.7', 2, '203.0.113.9'],
    ['two proxies, fewer entries than hops: the left-most', '203.0.113.9', 2, '203.0.113.9'],
    ['an IPv6 address', '1.2.3.4, 2001:db8::1', 1, '2001:db8::1'],
  ])('%s', (_label, header, hops, expected) => {
    expect(forwardedClient(header, hops)).toBe(expected);
  });

  it.each([
    ['no trusted proxy', '203.0.113.9', 0],
    ['no header', undefined, 1],
    ['a name where the proxy writes an address', '1.2.3.4, evil.example', 1],
    ['an empty right-most entry', '203.0.113.9, ', 1],
    ['8 KB of junk', 'x'.repeat(8 * 1024), 1],
  ])('gives nothing (the socket address counts) for %s', (_label, header, hops) => {
    expect(forwardedClient(header, hops)).toBeUndefined();
  });
});
