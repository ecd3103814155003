// @vitest-environment happy-dom
import { ECU_NAMES, searchEcus } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '../../test/rtl';
import { EcuPicker } from './ecu-picker';

const TOTAL = ECU_NAMES.length;

/** The picker in a form field that keeps what was chosen, as step 1 does. */
function Field({ initial = '', onChange }: { initial?: string; onChange?: (name: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="ecu-label">ECU ID</span>
      <EcuPicker
        id="ecu"
        value={value}
        onChange={(name) => {
          onChange?.(name);
          setValue(name);
        }}
      />
      <span data-testid="chosen">{value}</span>
    </>
  );
}

function renderPicker(initial = '') {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Field initial={initial} onChange={onChange} />);
  return { user, onChange, button: () => screen.getByRole('button', { name: initial || 'Select ECU ID' }) };
}

const dialog = () => screen.getByRole('dialog', { name: `Search ECU ID (${TOTAL} Total)` });
const search = () => screen.getByRole('searchbox', { name: 'Search ECU' });
const results = () =>
  within(screen.getByRole('list', { name: 'ECU types' }))
    .getAllByRole('button')
    .map((b) => b.textContent);
const chosen = () => screen.getByTestId('chosen').textContent;

/** A query that matches a few names in their middle. */
const QUERY = 'edc15c';

describe('the ECU ID picker', () => {
  it('offers “Select ECU ID” and opens a search with the focus in its box', async () => {
    const { user, button } = renderPicker();
    expect(button().getAttribute('aria-haspopup')).toBe('dialog');

    await user.click(button());

    expect(dialog()).toBeTruthy();
    expect(document.activeElement).toBe(search());
    expect(screen.getByRole('status').textContent).toBe(`Start typing to search all ${TOTAL} ECUs.`);
    expect(results()).toEqual(ECU_NAMES.slice(0, 50));
  });

  it('matches any part of the name, whatever the case, and marks the match', async () => {
    const { user, button } = renderPicker();
    await user.click(button());

    await user.type(search(), QUERY.toUpperCase());

    const expected = searchEcus(QUERY);
    expect(results()).toEqual(expected);
    expect(screen.getByRole('status').textContent).toBe(`Found ${expected.length} results.`);
    const marks = within(screen.getByRole('list', { name: 'ECU types' })).getAllByText(
      (_, el) => el?.tagName === 'MARK',
    );
    expect(marks.every((m) => m.textContent?.toLowerCase() === QUERY.toLowerCase())).toBe(true);
  });

  it('says when nothing matches', async () => {
    const { user, button } = renderPicker();
    await user.click(button());
    await user.type(search(), '  zzqqxx ');
    expect(screen.getByRole('status').textContent).toBe('No ECU found matching "zzqqxx"');
    expect(screen.queryByRole('list', { name: 'ECU types' })).toBeNull();
  });

  it('takes a clicked name, closes and gives the focus back to the field', async () => {
    const { user, button, onChange } = renderPicker();
    await user.click(button());
    await user.type(search(), QUERY);
    const name = searchEcus(QUERY)[1]!;

    // By its text: happy-dom lays <mark> out as a block, which splits the computed name.
    const item = within(screen.getByRole('list', { name: 'ECU types' }))
      .getAllByRole('button')
      .find((b) => b.textContent === name);
    await user.click(item!);

    expect(onChange).toHaveBeenCalledWith(name);
    expect(chosen()).toBe(name);
    expect(screen.queryByRole('dialog')).toBeNull();
    const field = screen.getByRole('button', { name });
    expect(document.activeElement).toBe(field);
  });

  it('takes the first match on Enter, but not before anything was typed', async () => {
    const { user, button, onChange } = renderPicker();
    await user.click(button());
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();

    await user.type(search(), `${QUERY}{Enter}`);

    expect(chosen()).toBe(searchEcus(QUERY)[0]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves through the list with the arrow keys and back up to the search box', async () => {
    const { user, button } = renderPicker();
    await user.click(button());
    await user.type(search(), QUERY);
    const [first, second] = searchEcus(QUERY);

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe(first);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe(second);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(search());

    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen()).toBe(first);
  });

  it('stops at the end of the list', async () => {
    const { user, button } = renderPicker();
    await user.click(button());
    await user.type(search(), QUERY);
    const names = searchEcus(QUERY);
    await user.keyboard('{ArrowDown}'.repeat(names.length + 3));
    expect(document.activeElement?.textContent).toBe(names.at(-1));
  });

  it('shows the chosen name as pressed, and clears it on request', async () => {
    const name = ECU_NAMES[3]!;
    const { user, button, onChange } = renderPicker(name);
    await user.click(button());
    expect(screen.getByRole('button', { name, pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: ECU_NAMES[0]!, pressed: false })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));

    expect(onChange).toHaveBeenCalledWith('');
    expect(chosen()).toBe('');
    expect(screen.getByRole('button', { name: 'Select ECU ID' })).toBeTruthy();
  });

  it('offers no “Clear selection” when nothing is chosen', async () => {
    const { user, button } = renderPicker();
    await user.click(button());
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
  });

  it.each(['Cancel', 'Close'])('“%s” leaves the choice as it was', async (label) => {
    const name = ECU_NAMES[1]!;
    const { user, button, onChange } = renderPicker(name);
    await user.click(button());
    await user.type(search(), QUERY);

    await user.click(screen.getByRole('button', { name: label }));

    expect(onChange).not.toHaveBeenCalled();
    expect(chosen()).toBe(name);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name }));
  });

  it('starts a fresh search each time it opens', async () => {
    const { user, button } = renderPicker();
    await user.click(button());
    await user.type(search(), 'zzqqxx');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(button());
    expect((search() as HTMLInputElement).value).toBe('');
    expect(results()).toHaveLength(Math.min(50, TOTAL));
  });
});
