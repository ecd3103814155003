import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a test is a failure (why: api/src/test/console-guard.ts).
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(errorSpy).not.toHaveBeenCalled();
  errorSpy.mockRestore();
});
