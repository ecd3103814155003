import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { parseThemeChoice, setThemeChoice, type ThemeChoice, useThemeChoice } from './theme';

const LABELS: Record<ThemeChoice, MessageDescriptor> = {
  system: msg`System`,
  light: msg`Light`,
  dark: msg`Dark`,
};

/** 'Theme: System / Light / Dark' for the top bar; the choice is kept on this device. */
export function ThemeSwitch() {
  const { i18n } = useLingui();
  const id = useId();
  const choice = useThemeChoice();
  return (
    <div className="theme-switch">
      <label htmlFor={id}>
        <Trans>Theme</Trans>
      </label>
      <select
        id={id}
        className="theme-switch-select"
        value={choice}
        onChange={(e) => setThemeChoice(parseThemeChoice(e.target.value))}
      >
        {(Object.keys(LABELS) as ThemeChoice[]).map((value) => (
          <option key={value} value={value}>
            {i18n._(LABELS[value])}
          </option>
        ))}
      </select>
    </div>
  );
}
