import { useId } from 'react';
import { parseThemeChoice, setThemeChoice, type ThemeChoice, useThemeChoice } from './theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** 'Theme: System / Light / Dark' for the top bar; the choice is kept on this device. */
export function ThemeSwitch() {
  const id = useId();
  const choice = useThemeChoice();
  return (
    <div className="theme-switch">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        className="theme-switch-select"
        value={choice}
        onChange={(e) => setThemeChoice(parseThemeChoice(e.target.value))}
      >
        {(Object.keys(LABELS) as ThemeChoice[]).map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
