// biome-ignore-all lint/style/noRestrictedImports: this module is where the tests get Testing Library from.
import { I18nProvider } from '@lingui/react';
import {
  type RenderHookOptions,
  type RenderOptions,
  renderHook as renderHookInDom,
  render as renderInDom,
} from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { i18n } from '../i18n';

/**
 * Testing Library with the app's providers that every screen needs (the language, as main.tsx
 * gives it): tests import from here, not from '@testing-library/react'.
 */
export * from '@testing-library/react';

function withLanguage(Inner?: ComponentType<{ children: ReactNode }>) {
  return function Language({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={i18n}>{Inner ? <Inner>{children}</Inner> : children}</I18nProvider>;
  };
}

export function render(ui: ReactElement, options: RenderOptions = {}) {
  return renderInDom(ui, { ...options, wrapper: withLanguage(options.wrapper) });
}

export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  options: RenderHookOptions<Props> = {},
) {
  return renderHookInDom(hook, { ...options, wrapper: withLanguage(options.wrapper) });
}
