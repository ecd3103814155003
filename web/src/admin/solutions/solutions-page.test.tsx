// @vitest-environment happy-dom
import type { SolutionDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api-mock';
import { findToast, renderWithProviders, tableRows } from '../../test/render';
import { screen, waitFor, within } from '../../test/rtl';
import SolutionsPage from './solutions-page';

const admin = { _id: 'admin-1', name: 'Ada Admin' };

function solution(over: Partial<SolutionDto> = {}): SolutionDto {
  return {
    id: 7,
    maker: 'Bosch',
    family: 'EDC17C64',
    softwareNumber: '1037541778',
    hardwareNumber: '0281019421',
    fileSize: 4_194_304,
    stage: 'Stage 1',
    options: ['EGR OFF'],
    items: ['Stage 1', 'EGR OFF'],
    rangeCount: 3,
    bytesChanged: 412,
    includesChecksum: false,
    state: 'approved',
    approvedBy: admin,
    approvedAt: '2026-11-30T10:00:00.000Z',
    retiredAt: null,
    timesUsed: 12,
    lastUsedAt: '2026-12-01T09:30:00.000Z',
    createdAt: '2026-11-30T09:00:00.000Z',
    createdBy: admin,
    sourceTicketNumber: 100200,
    ...over,
  };
}

const page = (solutions: SolutionDto[], nextCursor: string | null = null) =>
  ok({ solutions, nextCursor }, { message: 'Solutions' });

describe('the Solutions page', () => {
  it('shows each solution: software, ECU, options, changes, use, state and approval', async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/solutions',
      page([
        solution(),
        solution({
          id: 6,
          maker: null,
          family: null,
          softwareNumber: '03L906018JL',
          hardwareNumber: null,
          stage: null,
          options: ['DPF OFF'],
          rangeCount: 1,
          bytesChanged: 1,
          includesChecksum: true,
          state: 'draft',
          approvedBy: null,
          approvedAt: null,
          timesUsed: 0,
          lastUsedAt: null,
          sourceTicketNumber: null,
        }),
      ]),
    );
    renderWithProviders(<SolutionsPage />);

    expect(await screen.findByText('1037541778')).toBeTruthy();
    const [first, second] = tableRows('Solutions in the library');
    expect(first).toEqual(
      expect.arrayContaining([
        'Bosch EDC17C64',
        'Stage 1 + EGR OFF',
        '3 ranges, 412 bytesChecksum by flashing tool',
        '12',
        'Approved',
      ]),
    );
    expect(first?.[0]).toBe('1037541778#7 · HW 0281019421');
    expect(first?.[7]).toMatch(/^Ada Admin.*From ticket #100200$/);
    expect(second).toEqual(
      expect.arrayContaining([
        'Unknown ECU',
        'DPF OFF',
        '1 range, 1 byteIncludes checksum',
        'Never',
        'Draft',
      ]),
    );
    expect(second?.[7]).toBe('Not approved');
    // A draft can be approved; an approved one only retired.
    expect(screen.queryByRole('button', { name: 'Approve solution 7 for 1037541778' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve solution 6 for 03L906018JL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retire solution 7 for 1037541778' })).toBeTruthy();
  });

  it('searches by software number and pages on with the cursor', async () => {
    const api = mockApi();
    api.on('GET', '/admin/solutions', ({ query }) => {
      if (query.get('q') === '9999') return page([]);
      if (query.get('cursor') === '7') return page([solution({ id: 5, softwareNumber: '1037500005' })]);
      return page([solution()], '7');
    });
    const view = renderWithProviders(<SolutionsPage />);

    await view.user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('1037500005')).toBeTruthy();
    expect(screen.getByText('Showing 2 solutions')).toBeTruthy();

    await view.user.type(screen.getByRole('searchbox', { name: 'Search solutions' }), '9999');
    expect(await screen.findByText('No solutions match these filters.')).toBeTruthy();
    expect(api.calls('GET', '/admin/solutions').at(-1)?.query.get('q')).toBe('9999');
  });

  it('filters by state on the server', async () => {
    const api = mockApi();
    api.on('GET', '/admin/solutions', ({ query }) =>
      page(query.get('state') === 'retired' ? [solution({ id: 3, state: 'retired' })] : [solution()]),
    );
    const view = renderWithProviders(<SolutionsPage />);
    await screen.findByText('#7 · HW 0281019421', { exact: false });

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'retired');
    await waitFor(() => expect(tableRows('Solutions in the library')[0]?.[6]).toBe('Retired'));
    expect(api.calls('GET', '/admin/solutions').at(-1)?.query.get('state')).toBe('retired');
    // A retired solution has no action left.
    expect(screen.queryByRole('button', { name: /Retire solution 3/ })).toBeNull();
  });

  it('approves a draft and shows the list again from the server', async () => {
    const api = mockApi();
    let approved = false;
    api.on('GET', '/admin/solutions', () =>
      page([solution(approved ? {} : { state: 'draft', approvedAt: null, approvedBy: null })]),
    );
    api.on('POST', '/admin/solutions/7/approve', () => {
      approved = true;
      return ok(solution(), { message: 'Solution #7 approved for automatic delivery' });
    });
    const view = renderWithProviders(<SolutionsPage />);

    await view.user.click(await screen.findByRole('button', { name: 'Approve solution 7 for 1037541778' }));
    expect(await findToast('Solution #7 approved for automatic delivery')).toBeTruthy();
    await waitFor(() => expect(tableRows('Solutions in the library')[0]?.[6]).toBe('Approved'));
    expect(api.calls('POST', '/admin/solutions/7/approve')).toHaveLength(1);
  });

  it('asks before retiring; Cancel sends nothing, the confirmation retires', async () => {
    const api = mockApi();
    api.on('GET', '/admin/solutions', page([solution()]));
    api.on(
      'POST',
      '/admin/solutions/7/retire',
      ok(solution({ state: 'retired' }), { message: 'Solution #7 retired' }),
    );
    const view = renderWithProviders(<SolutionsPage />);

    await view.user.click(await screen.findByRole('button', { name: 'Retire solution 7 for 1037541778' }));
    let dialog = await screen.findByRole('dialog', { name: 'Retire solution #7?' });
    expect(dialog.textContent).toContain('1037541778 (Stage 1 + EGR OFF) will no longer be delivered');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', '/admin/solutions/7/retire')).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Retire solution 7 for 1037541778' }));
    dialog = await screen.findByRole('dialog', { name: 'Retire solution #7?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Retire solution' }));
    expect(await findToast('Solution #7 retired')).toBeTruthy();
    expect(api.calls('POST', '/admin/solutions/7/retire')).toHaveLength(1);
  });

  it("shows the server's refusal, and says when the library is empty", async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/solutions',
      page([solution({ state: 'draft', approvedAt: null, approvedBy: null })]),
    );
    api.on('POST', '/admin/solutions/7/approve', fail(409, 'Solution #7 is retired'));
    const view = renderWithProviders(<SolutionsPage />);
    await view.user.click(await screen.findByRole('button', { name: 'Approve solution 7 for 1037541778' }));
    expect(await findToast('Solution #7 is retired')).toBeTruthy();
    view.unmount();

    api.on('GET', '/admin/solutions', page([]));
    renderWithProviders(<SolutionsPage />);
    expect(await screen.findByText('No solutions in the library yet.')).toBeTruthy();
  });

  it('adds a solution from an uploaded original + modified pair, after checking the form', async () => {
    const api = mockApi();
    api.on('GET', '/admin/solutions', page([]));
    api.on(
      'POST',
      '/admin/solutions/upload',
      ok(solution({ id: 9 }), { message: 'Solution #9 added to the library' }),
    );
    const view = renderWithProviders(<SolutionsPage />);
    const form = await screen.findByRole('region', { name: 'Upload original + modified' });

    // Nothing chosen: each missing part said at its field, nothing sent.
    await view.user.type(
      within(form).getByRole('textbox', { name: 'Software number (if the file does not say)' }),
      'a b',
    );
    await view.user.click(within(form).getByRole('button', { name: 'Add solution' }));
    expect(within(form).getByText('Choose the stage or option the pair solves')).toBeTruthy();
    expect(
      within(form).getByText('A software number is 3 to 40 letters, digits, dots or dashes'),
    ).toBeTruthy();
    expect(within(form).getByText('Please select the original file')).toBeTruthy();
    expect(within(form).getByText('Please select the modified file')).toBeTruthy();
    expect(api.calls('POST', '/admin/solutions/upload')).toHaveLength(0);

    const software = within(form).getByRole('textbox', {
      name: 'Software number (if the file does not say)',
    });
    await view.user.clear(software);
    await view.user.type(software, '1037541778');
    await view.user.selectOptions(within(form).getByRole('combobox', { name: 'Stage or option' }), 'EGR OFF');
    const original = new File([new Uint8Array([1, 2, 3])], 'original.bin');
    const modified = new File([new Uint8Array([1, 9, 3])], 'modified.bin');
    await view.user.upload(within(form).getByLabelText(/^Original file/), original);
    await view.user.upload(within(form).getByLabelText(/^Modified file/), modified);
    await view.user.click(
      within(form).getByRole('checkbox', { name: 'Approve at once for automatic delivery' }),
    );
    await view.user.click(within(form).getByRole('button', { name: 'Add solution' }));

    expect(await findToast('Solution #9 added to the library')).toBeTruthy();
    const body = api.calls('POST', '/admin/solutions/upload')[0]?.body as FormData;
    expect(
      Object.fromEntries([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])),
    ).toEqual({
      item: 'EGR OFF',
      softwareNumber: '1037541778',
      approve: 'true',
      includesChecksum: 'false',
      original: 'original.bin',
      modified: 'modified.bin',
    });
    // The form starts over; the list is asked again.
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Stage or option' })).toHaveProperty('value', ''),
    );
    expect(api.calls('GET', '/admin/solutions').length).toBeGreaterThan(1);
  });
});
