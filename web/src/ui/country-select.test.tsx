// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { render, screen } from '../test/rtl';
import { CountrySelect } from './country-select';

const options = () => (screen.getAllByRole('option') as HTMLOptionElement[]).map((o) => o.textContent);

describe('the country dropdown', () => {
  it('keeps the portal’s English names and order in English', () => {
    render(<CountrySelect id="country" value="" onChange={() => {}} />);
    expect(options().slice(0, 3)).toEqual(['Select a country', 'Afghanistan (AF)', 'Albania (AL)']);
  });

  it('names and sorts the countries the chosen language’s way', async () => {
    await activateLocale('de');
    render(<CountrySelect id="country" value="DE" onChange={() => {}} />);
    const names = options();
    expect(names[0]).toBe('Land auswählen');
    expect(names).toContain('Deutschland (DE)');
    expect(names).toContain('Vereinigtes Königreich (GB)');
    const countries = names.slice(1) as string[];
    expect(countries).toEqual([...countries].sort(new Intl.Collator('de').compare));
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('DE');
  });
});
