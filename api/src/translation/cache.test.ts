import { describe, expect, it } from 'vitest';
import { LruCache } from './cache';

describe('LruCache', () => {
  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new LruCache<string>(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // 'b' is now the oldest
    cache.set('c', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });
});
