import { describe, expect, it } from 'vitest';
import { isPageLoadFailure } from './route-error';

describe('isPageLoadFailure', () => {
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });

  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new TypeError('error loading dynamically imported module: http://x/assets/a-1.js'), true],
    [new Error('Unable to preload CSS for /assets/a-1.css'), true],
    [named('ChunkLoadError', 'Loading chunk 7 failed.'), true],
    ['Failed to fetch dynamically imported module', true],
    [new TypeError("Cannot read properties of undefined (reading 'map')"), false],
    [new Error('Failed to fetch'), false],
    [null, false],
    [{ status: 404 }, false],
  ])('%s -> %s', (error, expected) => {
    expect(isPageLoadFailure(error)).toBe(expected);
  });
});
