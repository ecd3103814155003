// @vitest-environment happy-dom

import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { fireEvent, screen, within } from '../test/rtl';
import { ConfirmDialog } from './confirm-dialog';

/** A page with one question behind a button; counts the answers. */
function Asker({ busy = false, disabled = false }: { busy?: boolean; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [answers, setAnswers] = useState<string[]>([]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ask
      </button>
      <output aria-label="answers">{answers.join(',')}</output>
      <ConfirmDialog
        open={open}
        title="Delete everything?"
        confirmLabel="Delete"
        busy={busy}
        disabled={disabled}
        onConfirm={() => {
          setAnswers((a) => [...a, 'confirm']);
          setOpen(false);
        }}
        onCancel={() => {
          setAnswers((a) => [...a, 'cancel']);
          setOpen(false);
        }}
      >
        <p>Nothing comes back.</p>
      </ConfirmDialog>
    </>
  );
}

const answers = () => screen.getByRole('status', { name: 'answers' }).textContent;

describe('the confirm dialog', () => {
  it('is named by its title and described by its body, and shows nothing while closed', async () => {
    const { user } = renderWithProviders(<Asker />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete everything?' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Nothing comes back.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('confirms, or cancels, once per click', async () => {
    const { user } = renderWithProviders(<Asker />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(answers()).toBe('confirm,cancel');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels on a click on the backdrop, not on the card', async () => {
    const { user } = renderWithProviders(<Asker />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByText('Nothing comes back.'));
    expect(answers()).toBe('');
    fireEvent.click(dialog);
    expect(answers()).toBe('cancel');
  });

  it('while busy, says Working... and ignores Escape and the backdrop', async () => {
    const { user } = renderWithProviders(<Asker busy />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('dialog');
    const working = within(dialog).getByRole('button', { name: 'Working...' });
    expect(working).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);

    const cancelEvent = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancelEvent);
    expect(cancelEvent.defaultPrevented).toBe(true);
    fireEvent.click(dialog);
    expect(answers()).toBe('');
  });

  it('keeps Confirm off when disabled (offline), while Cancel still works', async () => {
    const { user } = renderWithProviders(<Asker disabled />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(answers()).toBe('cancel');
  });
});
