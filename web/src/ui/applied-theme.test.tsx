// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { act, renderHook } from '../test/rtl';
import { setThemeChoice, useAppliedTheme } from './theme';

describe('useAppliedTheme', () => {
  it('follows the choice made on this device', () => {
    const { result } = renderHook(() => useAppliedTheme());
    act(() => setThemeChoice('dark'));
    expect(result.current).toBe('dark');
    act(() => setThemeChoice('light'));
    expect(result.current).toBe('light');
    act(() => setThemeChoice('system'));
    expect(result.current).toBe(matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  });
});
