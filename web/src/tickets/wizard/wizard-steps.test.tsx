// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../../local/db';
import { mockApi, setOnline } from '../../test/api-mock';
import { findToast, resetDevice } from '../../test/customer';
import { screen, waitFor, within } from '../../test/rtl';
import { A_PLAN, A_VEHICLE, aDraft, draftRows, pathElsewhere, renderSteps, signIn } from '../../test/wizard';
import ModificationPlanPage from './modification-plan-page';
import OverviewPage from './overview-page';
import UploadFilePage from './upload-file-page';
import { IN_WIZARD } from './use-wizard-draft';
import { saveDraft } from './wizard-store';

const STEPS = {
  '/upload-file': <UploadFilePage />,
  '/modification-plan': <ModificationPlanPage />,
  '/overview': <OverviewPage />,
};

function openAt(at: string, state?: unknown) {
  return renderSteps(STEPS, at, state);
}

function fileInput(id: 'ecuFile' | 'commonFiles' | 'planEcuFile'): HTMLInputElement {
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement)) throw new Error(`No file input #${id}`);
  return input;
}

async function storedDraft() {
  const [row] = await draftRows();
  return row;
}

beforeEach(async () => {
  await resetDevice();
  await signIn();
  mockApi();
});

describe('step 1', () => {
  it('saves every change to the store: the values as typed and the files as chosen', async () => {
    const { user } = openAt('/upload-file');
    await user.type(await screen.findByLabelText(/^Make/), 'Audi');
    await user.selectOptions(screen.getByLabelText(/^Read Tool/), 'KESS');
    await user.click(screen.getByRole('radio', { name: 'Manual' }));
    await user.upload(fileInput('ecuFile'), new File(['ecu'], 'a4-read.bin'));
    await user.upload(fileInput('commonFiles'), new File(['log'], 'log.csv', { type: 'text/csv' }));

    expect(screen.getByText('a4-read.bin')).toBeTruthy();
    await waitFor(async () =>
      expect(await storedDraft()).toMatchObject({
        reached: 'upload-file',
        vehicle: { make: 'Audi', readTool: 'KESS', transmission: 'Manual' },
        ecuFile: { name: 'a4-read.bin' },
        commonFiles: [{ name: 'log.csv', type: 'text/csv' }],
      }),
    );
  });

  it('checks the fields on Continue and opens step 2 only once the step is stored', async () => {
    const { user } = openAt('/upload-file');
    await user.click(await screen.findByRole('button', { name: /Continue/ }));
    expect(await findToast('Make is required')).toBeTruthy();
    expect(await draftRows()).toEqual([]);

    for (const [label, value] of [
      [/^Make/, A_VEHICLE.make],
      [/^Model/, A_VEHICLE.model],
      [/^Year/, A_VEHICLE.year],
      [/^Registration/, A_VEHICLE.registration],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await user.selectOptions(screen.getByLabelText(/^Read Tool/), 'KESS');
    await user.selectOptions(screen.getByLabelText(/^Read Type/), 'OBD');
    await user.upload(fileInput('ecuFile'), new File(['ecu'], 'golf-ecu.bin'));
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Modification Plan', level: 1 })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Original ECU File: chosen files' })).getByText('golf-ecu.bin'),
    ).toBeTruthy();
    expect(await storedDraft()).toMatchObject({
      reached: 'modification-plan',
      vehicle: { make: 'Volkswagen' },
    });
  });

  it('opens with the draft found on arrival and offers Start over, which forgets it', async () => {
    await saveDraft(aDraft({ reached: 'upload-file', plan: null }));
    const { user } = openAt('/upload-file');
    expect(await screen.findByText(/We kept the file you started earlier/)).toBeTruthy();
    expect((screen.getByLabelText(/^Registration/) as HTMLInputElement).value).toBe('AB12 CDE');
    expect(screen.getByText('golf-ecu.bin')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect((screen.getByLabelText(/^Registration/) as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText(/We kept the file/)).toBeNull();
    expect(screen.queryByText('golf-ecu.bin')).toBeNull();
    expect(await draftRows()).toEqual([]);
  });

  it('shows the draft without the notice when the tuner comes from another step (Back, Edit)', async () => {
    await saveDraft(aDraft());
    openAt('/upload-file', IN_WIZARD);
    await waitFor(() =>
      expect((screen.getByLabelText(/^Make/) as HTMLInputElement).value).toBe('Volkswagen'),
    );
    expect(screen.queryByText(/We kept the file/)).toBeNull();
  });
});

describe('step 2', () => {
  it('sends the tuner to step 1 without a draft, or with one that never continued past step 1', async () => {
    openAt('/modification-plan');
    expect(await screen.findByRole('heading', { name: 'Vehicle Parameters' })).toBeTruthy();
  });

  it('sends a draft that stopped at step 1 back there too', async () => {
    await saveDraft(aDraft({ reached: 'upload-file', plan: null }));
    openAt('/modification-plan');
    expect(await screen.findByRole('heading', { name: 'Vehicle Parameters' })).toBeTruthy();
  });

  it('restores the plan after a reload and saves each change', async () => {
    await saveDraft(
      aDraft({ reached: 'modification-plan', plan: { stage: 'Stage 1', options: ['EGR OFF'], notes: 'x' } }),
    );
    const { user } = openAt('/modification-plan');
    expect(((await screen.findByRole('radio', { name: /Stage 1/ })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^EGR OFF/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: /^DPF-FAP OFF/ }));
    await user.type(screen.getByRole('textbox', { name: /Notes/ }), 'yz');
    await waitFor(async () =>
      expect((await storedDraft())?.plan).toEqual({
        stage: 'Stage 1',
        options: ['DPF-FAP OFF', 'EGR OFF'],
        notes: 'xyz',
      }),
    );

    // A stage without options clears them, in the store too.
    await user.click(screen.getByRole('radio', { name: /Gear Box/ }));
    await waitFor(async () =>
      expect((await storedDraft())?.plan).toMatchObject({ stage: 'Gear Box', options: [] }),
    );
  });

  it('keeps the plan on Back, and step 1 shows the vehicle without the notice', async () => {
    await saveDraft(aDraft({ reached: 'modification-plan', plan: null }));
    const { user } = openAt('/modification-plan');
    await user.click(await screen.findByRole('radio', { name: /Eco/ }));
    await user.click(screen.getByRole('button', { name: /Back/ }));

    expect(await screen.findByRole('heading', { name: 'Vehicle Parameters' })).toBeTruthy();
    expect((screen.getByLabelText(/^Model/) as HTMLInputElement).value).toBe(A_VEHICLE.model);
    expect(screen.queryByText(/We kept the file/)).toBeNull();
    expect(await storedDraft()).toMatchObject({ reached: 'modification-plan', plan: { stage: 'Eco' } });
  });

  it('continues to the overview once the plan is complete and stored', async () => {
    await saveDraft(aDraft({ reached: 'modification-plan', plan: null }));
    const { user } = openAt('/modification-plan');
    await user.click(await screen.findByRole('button', { name: /Continue/ }));
    expect(await findToast('Please select a stage')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Stage 1/ }));
    await user.click(screen.getByRole('checkbox', { name: /^EGR OFF/ }));
    await user.type(screen.getByRole('textbox', { name: /Notes/ }), '  Downpipe  ');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(await storedDraft()).toMatchObject({
      reached: 'overview',
      plan: { stage: 'Stage 1', options: ['EGR OFF'], notes: 'Downpipe' },
    });
  });
});

describe('step 3', () => {
  it('sends the tuner to step 1 unless the draft continued past step 2', async () => {
    await saveDraft(aDraft({ reached: 'modification-plan' }));
    openAt('/overview');
    expect(await screen.findByRole('heading', { name: 'Vehicle Parameters' })).toBeTruthy();
  });

  it('shows the stored draft; Back opens step 2 with the plan as it was', async () => {
    await saveDraft(aDraft());
    const { user } = openAt('/overview');
    expect(await screen.findByText('AB12 CDE')).toBeTruthy();
    expect(screen.getByText('Downpipe')).toBeTruthy();
    expect(screen.getByText('golf-ecu.bin')).toBeTruthy();
    expect(screen.getByText('datalog.csv')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: /Back/ })[0]!);
    expect(await screen.findByRole('heading', { name: 'Modification Plan', level: 1 })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Stage 1/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^EGR OFF/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /Notes/ }) as HTMLTextAreaElement).value).toBe(A_PLAN.notes);
  });

  it('submits offline: the ticket is queued with its files under its clientId and the draft goes', async () => {
    setOnline(false);
    const draft = aDraft();
    await saveDraft(draft);
    const { user } = openAt('/overview');
    await user.click(await screen.findByRole('checkbox', { name: /accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await pathElsewhere()).toBe('/my-files');
    expect(
      await findToast('Your file is queued and will be submitted when you are back online.'),
    ).toBeTruthy();
    expect(await draftRows()).toEqual([]);
    const [command] = await localDb.outbox.toArray();
    expect(command).toMatchObject({
      kind: 'createTicket',
      idempotencyKey: draft.clientId,
      status: 'pending',
      body: { registration: 'AB12 CDE', stage: 'Stage 1', options: ['EGR OFF'] },
    });
    const files = await localDb.localFiles.orderBy('createdAt').toArray();
    expect(files.map((f) => [f.name, f.purpose, f.status])).toEqual([
      ['golf-ecu.bin', 'ecu', 'queued'],
      ['datalog.csv', 'common', 'queued'],
    ]);
  });

  it('after a submit, opening the overview again (browser Back) cannot submit it twice', async () => {
    setOnline(false);
    await saveDraft(aDraft());
    const { user, unmount } = openAt('/overview');
    await user.click(await screen.findByRole('checkbox', { name: /accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await pathElsewhere()).toBe('/my-files');
    unmount();

    openAt('/overview', IN_WIZARD);
    expect(await screen.findByRole('heading', { name: 'Vehicle Parameters' })).toBeTruthy();
    expect((screen.getByLabelText(/^Registration/) as HTMLInputElement).value).toBe('');
    expect(await localDb.outbox.count()).toBe(1);
  });
});
