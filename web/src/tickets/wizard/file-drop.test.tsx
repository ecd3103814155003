// @vitest-environment happy-dom
import { UPLOAD_MESSAGES } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '../../test/rtl';
import { FileDrop } from './file-drop';
import { type FileField, useWizardFiles } from './use-wizard-files';
import type { WizardFile } from './wizard-state';

const MB = 1024 * 1024;

/** A file of the given size without holding its bytes. */
function aFile(name: string, size: number, type = 'application/octet-stream'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Both drop zones of step 1/2 wired as the wizard wires them: the shared checks, the errors. */
function Fields({ persist }: { persist: (ecu: WizardFile | null, common: WizardFile[]) => void }) {
  const [errors, setErrors] = useState<Partial<Record<FileField, string>>>({});
  const files = useWizardFiles(
    { ecuFile: null, commonFiles: [] },
    {
      persist,
      refuse: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
      accept: (field) => setErrors((e) => ({ ...e, [field]: undefined })),
    },
  );
  return (
    <>
      <FileDrop
        id="ecuFile"
        label="ECU file"
        required
        files={files.ecuFile ? [files.ecuFile] : []}
        onAdd={files.addEcuFile}
        onRemove={files.removeEcuFile}
        error={errors.ecuFile}
        hint="One file, up to 20 MB."
        emptyText="Add the ECU file"
      />
      <FileDrop
        id="commonFiles"
        label="Additional files"
        multiple
        files={files.commonFiles}
        onAdd={files.addCommonFiles}
        onRemove={files.removeCommonFile}
        error={errors.commonFiles}
        hint="Up to 10 files, 100 MB in all."
        emptyText="Add more files"
      />
    </>
  );
}

function renderFields() {
  const persist = vi.fn();
  const user = userEvent.setup();
  render(<Fields persist={persist} />);
  const input = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
  return { user, persist, ecuInput: () => input(/^ECU file/), commonInput: () => input(/^Additional files/) };
}

const chosen = (label: string) =>
  within(screen.getByRole('list', { name: `${label}: chosen files` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('a file drop zone', () => {
  it('names the field, marks it required or optional and describes the limits', () => {
    const { ecuInput, commonInput } = renderFields();
    expect(ecuInput().multiple).toBe(false);
    expect(commonInput().multiple).toBe(true);
    expect(screen.getByText('(optional)', { exact: false }).closest('#commonFiles-label')).not.toBeNull();
    expect(document.getElementById('ecuFile-label')?.textContent).toBe('ECU file*');
    expect(screen.getByText('Add the ECU file')).toBeTruthy();
    const hint = document.getElementById(ecuInput().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Drag and drop, or browse. One file, up to 20 MB.');
    expect(ecuInput().getAttribute('aria-invalid')).toBe('false');
  });

  it('is reached with the keyboard like any file field', async () => {
    const { user, ecuInput, commonInput } = renderFields();
    await user.tab();
    expect(document.activeElement).toBe(ecuInput());
    await user.tab();
    expect(document.activeElement).toBe(commonInput());
  });

  it('takes a picked file, lists it with its size and offers to replace it', async () => {
    const { user, persist, ecuInput } = renderFields();
    await user.upload(ecuInput(), aFile('stock.bin', 2 * MB));

    expect(chosen('ECU file')).toEqual([expect.stringMatching(/^stock\.bin2(\.00)? MB$/)]);
    expect(screen.getByText('Replace file')).toBeTruthy();
    expect(ecuInput().value).toBe('');
    expect(persist).toHaveBeenLastCalledWith(expect.objectContaining({ file: expect.any(File) }), []);
    expect(persist.mock.lastCall?.[0].file.name).toBe('stock.bin');
  });

  it('replaces the ECU file rather than adding a second one', async () => {
    const { user, ecuInput } = renderFields();
    await user.upload(ecuInput(), aFile('first.bin', 1000));
    await user.upload(ecuInput(), aFile('second.bin', 1000));
    expect(chosen('ECU file')).toEqual([expect.stringMatching(/^second\.bin/)]);
  });

  it.each([
    ['larger than 20 MB', aFile('huge.bin', 20 * MB + 1), UPLOAD_MESSAGES.ecuTooLarge],
    ['empty', aFile('empty.bin', 0), UPLOAD_MESSAGES.empty],
  ])('refuses an ECU file %s, says why and keeps nothing', async (_name, file, message) => {
    const { user, persist, ecuInput } = renderFields();
    await user.upload(ecuInput(), file);

    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(ecuInput().getAttribute('aria-invalid')).toBe('true');
    expect(ecuInput().getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect(screen.queryByRole('list', { name: 'ECU file: chosen files' })).toBeNull();
    expect(ecuInput().value).toBe('');
    expect(persist).not.toHaveBeenCalled();
  });

  it('takes any extension (names are cleaned on the server, docs/product.md#15-limits)', async () => {
    const { user, ecuInput } = renderFields();
    await user.upload(ecuInput(), aFile('read.ori.txt', 500, 'text/plain'));
    expect(chosen('ECU file')).toEqual([expect.stringMatching(/^read\.ori\.txt/)]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the error once an acceptable file is picked', async () => {
    const { user, ecuInput } = renderFields();
    await user.upload(ecuInput(), aFile('huge.bin', 21 * MB));
    expect(screen.getByRole('alert')).toBeTruthy();
    await user.upload(ecuInput(), aFile('ok.bin', MB));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(ecuInput().getAttribute('aria-invalid')).toBe('false');
  });

  it('adds several additional files, and removes one by its button', async () => {
    const { user, persist, commonInput } = renderFields();
    await user.upload(commonInput(), [aFile('log.csv', 100), aFile('dyno.pdf', 200)]);
    await user.upload(commonInput(), aFile('photo.jpg', 300));
    expect(chosen('Additional files').map((t) => t?.split('.')[0])).toEqual(['log', 'dyno', 'photo']);

    await user.click(screen.getByRole('button', { name: 'Remove dyno.pdf' }));

    expect(chosen('Additional files').map((t) => t?.split('.')[0])).toEqual(['log', 'photo']);
    expect(persist.mock.lastCall?.[1].map((f: WizardFile) => f.file.name)).toEqual(['log.csv', 'photo.jpg']);
  });

  it('refuses an eleventh additional file and more than 100 MB in all, keeping what was there', async () => {
    const { user, commonInput } = renderFields();
    const ten = Array.from({ length: 10 }, (_, i) => aFile(`f${i}.bin`, MB));
    await user.upload(commonInput(), ten);
    await user.upload(commonInput(), aFile('eleventh.bin', 10));
    expect(screen.getByRole('alert').textContent).toBe(UPLOAD_MESSAGES.tooManyAdditional);
    expect(chosen('Additional files')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Remove f0.bin' }));
    await user.upload(commonInput(), aFile('big.bin', 92 * MB));
    expect(screen.getByRole('alert').textContent).toBe(UPLOAD_MESSAGES.additionalTooLarge);
    expect(chosen('Additional files')).toHaveLength(9);
  });

  it('takes dropped files through the same checks, showing “Drop to add” while dragging', () => {
    renderFields();
    const zone = screen.getByText('Add more files').closest('label')!;
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(screen.getByText('Drop to add')).toBeTruthy();

    fireEvent.drop(zone, { dataTransfer: { files: [aFile('a.bin', 10), aFile('b.bin', 20)] } });

    expect(screen.queryByText('Drop to add')).toBeNull();
    expect(chosen('Additional files').map((t) => t?.split('.')[0])).toEqual(['a', 'b']);
  });

  it('takes only the first of several files dropped on the ECU file', () => {
    const { persist } = renderFields();
    const zone = screen.getByText('Add the ECU file').closest('label')!;
    fireEvent.drop(zone, { dataTransfer: { files: [aFile('one.bin', 10), aFile('two.bin', 20)] } });
    expect(chosen('ECU file')).toEqual([expect.stringMatching(/^one\.bin/)]);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('refuses a dropped ECU file over the limit with the same message', () => {
    renderFields();
    const zone = screen.getByText('Add the ECU file').closest('label')!;
    fireEvent.drop(zone, { dataTransfer: { files: [aFile('huge.bin', 25 * MB)] } });
    expect(screen.getByRole('alert').textContent).toBe(UPLOAD_MESSAGES.ecuTooLarge);
  });
});
