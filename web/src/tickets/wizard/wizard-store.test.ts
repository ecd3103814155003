import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { type OutboxCommand, PortalDb, setAuthUser } from '../../local/db';
import { aUser } from '../../test/customer';
import {
  A_PLAN,
  A_VEHICLE,
  aDraft,
  aLegacyDraftDb,
  aLocalFile,
  aTestDb,
  aVersion3Db,
  aWizardFile,
  draftRows,
  signIn,
} from '../../test/wizard';
import {
  EMPTY_VEHICLE,
  isPlanComplete,
  isVehicleComplete,
  planFrom,
  planIssues,
  vehicleFrom,
  vehicleIssues,
} from './wizard-state';
import {
  clearDraft,
  draftWriter,
  hasReached,
  moveLegacyDrafts,
  readDraft,
  saveDraft,
  submitDraft,
  type WizardDraft,
} from './wizard-store';

/** A command as the outbox would queue it, written in the same transaction. */
function queueInto(db: PortalDb) {
  const queued: { ids: string[] }[] = [];
  const queue = async (localFileIds: string[]): Promise<OutboxCommand> => {
    queued.push({ ids: localFileIds });
    const row: OutboxCommand = {
      idempotencyKey: 'ticket-key',
      kind: 'createTicket',
      method: 'POST',
      path: '/ecuFile/create-ecuFile',
      body: { localFileIds },
      status: 'pending',
      attempts: 0,
      createdAt: Date.now(),
    };
    row.id = await db.outbox.add(row);
    return row;
  };
  return { queue, queued };
}

describe('saving and reading the draft', () => {
  it('has no draft before anything is saved, and none for a device nobody is signed in on', async () => {
    const db = await aTestDb();
    expect(await readDraft(db)).toBeNull();
    await saveDraft(aDraft(), db);
    expect(await draftRows(db)).toEqual([]);
    await signIn(db);
    expect(await readDraft(db)).toBeNull();
  });

  it('keeps step 1 with its files: the values, the names, the types and the bytes', async () => {
    const db = await aTestDb();
    const user = await signIn(db);
    const draft = aDraft({ reached: 'upload-file', plan: null });
    await saveDraft(draft, db);

    const read = await readDraft(db);
    expect(read).toMatchObject({
      clientId: draft.clientId,
      reached: 'upload-file',
      vehicle: A_VEHICLE,
      plan: null,
    });
    expect(read?.ecuFile?.id).toBe(draft.ecuFile?.id);
    expect(read?.ecuFile?.file).toBeInstanceOf(File);
    expect(read?.ecuFile?.file.name).toBe('golf-ecu.bin');
    expect(await read?.ecuFile?.file.text()).toBe('bytes of golf-ecu.bin');
    expect(read?.commonFiles.map((f) => [f.file.name, f.file.type])).toEqual([['datalog.csv', 'text/csv']]);
    expect(await read?.commonFiles[0]?.file.text()).toBe('rpm,boost');

    const [row] = await draftRows(db);
    expect(row).toMatchObject({ userId: user._id, clientId: draft.clientId, plan: null });
    expect(row?.ecuFile).toMatchObject({ name: 'golf-ecu.bin', size: 21, type: 'application/octet-stream' });
    expect(row?.createdAt).toBeTypeOf('number');
    expect(row?.updatedAt).toBeGreaterThanOrEqual(row?.createdAt ?? 0);
  });

  it('keeps step 2 beside step 1, and the files as they are changed on either step', async () => {
    const db = await aTestDb();
    await signIn(db);
    const step1 = aDraft({ reached: 'modification-plan', plan: null });
    await saveDraft(step1, db);
    const second = aWizardFile('photo.jpg', 'jpeg', 'image/jpeg');
    await saveDraft({ ...step1, plan: A_PLAN, commonFiles: [...step1.commonFiles, second] }, db);
    expect(await readDraft(db)).toMatchObject({ vehicle: A_VEHICLE, plan: A_PLAN });
    expect((await readDraft(db))?.commonFiles.map((f) => f.file.name)).toEqual(['datalog.csv', 'photo.jpg']);

    // Removing a file removes it from the row; replacing the ECU file keeps only the new one.
    const replaced = aWizardFile('other-read.bin');
    await saveDraft({ ...step1, plan: A_PLAN, ecuFile: replaced, commonFiles: [second] }, db);
    const read = await readDraft(db);
    expect(read?.ecuFile?.file.name).toBe('other-read.bin');
    expect(read?.commonFiles.map((f) => f.id)).toEqual([second.id]);

    await saveDraft({ ...step1, plan: A_PLAN, ecuFile: null, commonFiles: [] }, db);
    expect(await readDraft(db)).toMatchObject({ ecuFile: null, commonFiles: [] });
  });

  it('never takes the step reached back for the same draft (Back, a change on step 1)', async () => {
    const db = await aTestDb();
    await signIn(db);
    const draft = aDraft({ reached: 'overview' });
    await saveDraft(draft, db);
    await saveDraft({ ...draft, reached: 'upload-file', vehicle: { ...A_VEHICLE, model: 'Passat' } }, db);
    expect(await readDraft(db)).toMatchObject({ reached: 'overview', vehicle: { model: 'Passat' } });

    // A new draft (Start over in another tab, say) starts from its own step.
    const fresh = aDraft({ reached: 'upload-file' });
    await saveDraft(fresh, db);
    expect(await readDraft(db)).toMatchObject({ clientId: fresh.clientId, reached: 'upload-file' });
  });

  it('keeps the first save time and moves the last one on', async () => {
    const db = await aTestDb();
    await signIn(db);
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    const draft = aDraft();
    await saveDraft(draft, db);
    vi.spyOn(Date, 'now').mockReturnValue(5_000);
    await saveDraft({ ...draft, plan: { ...A_PLAN, notes: 'later' } }, db);
    vi.restoreAllMocks();
    expect(await draftRows(db)).toMatchObject([{ createdAt: 1_000, updatedAt: 5_000 }]);
  });

  it('restores everything after a reload (a new connection to the same database)', async () => {
    const first = await aTestDb();
    await signIn(first);
    const draft = aDraft();
    await saveDraft(draft, first);
    first.close();

    const reloaded = new PortalDb(first.name);
    await reloaded.open();
    const read = await readDraft(reloaded);
    expect(read).toMatchObject({
      clientId: draft.clientId,
      reached: 'overview',
      vehicle: A_VEHICLE,
      plan: A_PLAN,
    });
    expect(await read?.ecuFile?.file.text()).toBe('bytes of golf-ecu.bin');
    reloaded.close();
  });

  it('keeps one draft per account: another account on this device neither sees it nor keeps it past its first save', async () => {
    const db = await aTestDb();
    const ann = aUser();
    const bob = aUser({ firstName: 'Bob' });
    await setAuthUser(ann, db);
    await saveDraft(aDraft(), db);
    await setAuthUser(null, db);
    expect(await readDraft(db)).toBeNull();

    // The same account again: the draft is back.
    await setAuthUser(ann, db);
    expect(await readDraft(db)).not.toBeNull();

    await setAuthUser(bob, db);
    expect(await readDraft(db)).toBeNull();
    // Bob's first save drops Ann's draft and its files from the device.
    const bobs = aDraft();
    await saveDraft(bobs, db);
    expect((await draftRows(db)).map((r) => r.clientId)).toEqual([bobs.clientId]);
  });
});

describe('the write queue', () => {
  it('lands saves in order and skips the ones a newer save replaced', async () => {
    const db = await aTestDb();
    await signIn(db);
    const put = vi.spyOn(db.wizardDrafts, 'put');
    const draft = aDraft();
    const typed = ['D', 'Do', 'Dow', 'Down', 'Downp', 'Downpi', 'Downpipe'];
    const saves = typed.map((notes) => saveDraft({ ...draft, plan: { ...A_PLAN, notes } }, db));
    await Promise.all(saves);
    expect((await readDraft(db))?.plan?.notes).toBe('Downpipe');
    // The first save runs at once; the six behind it become one.
    expect(put).toHaveBeenCalledTimes(2);
  });

  it('clears after the saves asked for before, so a late save cannot bring the draft back', async () => {
    const db = await aTestDb();
    await signIn(db);
    const draft = aDraft();
    void saveDraft(draft, db);
    void saveDraft({ ...draft, plan: { ...A_PLAN, notes: 'typed' } }, db);
    await clearDraft(db);
    expect(await draftRows(db)).toEqual([]);
  });

  it('answers a failed save with its error, and the next save still runs', async () => {
    const db = await aTestDb();
    await signIn(db);
    const put = vi.spyOn(db.wizardDrafts, 'put').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(saveDraft(aDraft(), db)).rejects.toThrow('QuotaExceededError');
    put.mockRestore();
    const draft = aDraft();
    await saveDraft(draft, db);
    expect((await readDraft(db))?.clientId).toBe(draft.clientId);
  });

  it("a page's writer keeps its copy and saves each change on top of it", async () => {
    const db = await aTestDb();
    await signIn(db);
    const writer = draftWriter(aDraft({ reached: 'upload-file', plan: null }), db);
    await writer.update({ vehicle: { ...A_VEHICLE, year: '2020' } });
    await writer.update({ plan: A_PLAN, reached: 'modification-plan' });
    expect(writer.current).toMatchObject({ vehicle: { year: '2020' }, plan: A_PLAN });
    expect(await readDraft(db)).toMatchObject({
      reached: 'modification-plan',
      vehicle: { year: '2020' },
      plan: A_PLAN,
    });
  });
});

describe('submitting the draft', () => {
  it('turns the files into queued uploads, queues the command naming them and forgets the draft', async () => {
    const db = await aTestDb();
    await signIn(db);
    const draft = aDraft({ commonFiles: [aWizardFile('a.log'), aWizardFile('b.log')] });
    await saveDraft(draft, db);
    const { queue, queued } = queueInto(db);

    const command = await submitDraft(draft, queue, db);

    expect(command.id).toBeTypeOf('number');
    expect(await draftRows(db)).toEqual([]);
    expect(await readDraft(db)).toBeNull();
    const ids = queued[0]?.ids ?? [];
    expect(ids).toHaveLength(3);
    const rows = await db.localFiles.bulkGet(ids);
    expect(rows.map((r) => [r?.name, r?.purpose, r?.status, r?.clientId])).toEqual([
      ['golf-ecu.bin', 'ecu', 'queued', draft.clientId],
      ['a.log', 'common', 'queued', draft.clientId],
      ['b.log', 'common', 'queued', draft.clientId],
    ]);
    expect(await rows[0]?.blob.text()).toBe('bytes of golf-ecu.bin');
    // Ids of their own: a second submit of the same draft cannot touch the first one's rows.
    expect(ids).not.toContain(draft.ecuFile?.id);
  });

  it('changes nothing when the command cannot be queued: the draft stays for another try', async () => {
    const db = await aTestDb();
    await signIn(db);
    const draft = aDraft();
    await saveDraft(draft, db);
    const refused = submitDraft(draft, async () => Promise.reject(new Error('disk full')), db);
    await expect(refused).rejects.toThrow('disk full');
    expect((await readDraft(db))?.clientId).toBe(draft.clientId);
    expect(await db.localFiles.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("keeps another tab's newer draft when it submits the one it showed", async () => {
    const db = await aTestDb();
    await signIn(db);
    const shown = aDraft();
    const newer = aDraft();
    await saveDraft(newer, db);
    await submitDraft(shown, queueInto(db).queue, db);
    expect((await readDraft(db))?.clientId).toBe(newer.clientId);
  });

  it('submits after the saves asked for before it', async () => {
    const db = await aTestDb();
    await signIn(db);
    const draft = aDraft();
    void saveDraft(draft, db);
    await submitDraft(draft, queueInto(db).queue, db);
    expect(await draftRows(db)).toEqual([]);
  });
});

describe('upgrading an installed client', () => {
  it('adds the draft table to a version 3 database and keeps the outbox, the files and the synced rows', async () => {
    const name = `wizard-upgrade-${Date.now()}`;
    await aVersion3Db(name);
    const db = new PortalDb(name);
    await db.open();
    try {
      expect(db.verno).toBeGreaterThanOrEqual(4);
      expect(await db.outbox.toArray()).toMatchObject([
        { kind: 'createTicket', idempotencyKey: 'key-1', body: { clientId: 'queued-ticket' } },
      ]);
      expect(await db.localFiles.get('queued-file')).toMatchObject({ clientId: 'queued-ticket' });
      expect(await db.tickets.get('t-1')).toMatchObject({ ticketNumber: 100_001 });
      expect(await db.wizardDrafts.count()).toBe(0);
      await signIn(db);
      await saveDraft(aDraft(), db);
      expect(await db.wizardDrafts.count()).toBe(1);
    } finally {
      await db.delete();
    }
  });

  it("moves the old draft database's drafts in with their files, then deletes it", async () => {
    const db = await aTestDb();
    const user = await signIn(db);
    const legacyName = `legacy-wizard-${Date.now()}`;
    await db.localFiles.bulkPut([
      aLocalFile('old-ecu', 'old-draft', 'ecu', 1),
      aLocalFile('old-log-2', 'old-draft', 'common', 3),
      aLocalFile('old-log-1', 'old-draft', 'common', 2),
      aLocalFile('sent-ecu', 'sent-draft', 'ecu', 1),
    ]);
    await db.outbox.add({
      idempotencyKey: 'k',
      kind: 'createTicket',
      method: 'POST',
      path: '/ecuFile/create-ecuFile',
      body: { clientId: 'sent-draft', localFileIds: ['sent-ecu'] },
      status: 'pending',
      attempts: 0,
      createdAt: 1,
    });
    await aLegacyDraftDb(legacyName, [
      {
        userId: user._id,
        clientId: 'old-draft',
        step: 'modification-plan',
        vehicle: { ...A_VEHICLE, transmission: 'Sideways' },
        plan: { stage: 'Gear Box', options: ['EGR OFF'], notes: 'n' },
        updatedAt: 42,
      },
      // Submitted already: its files belong to the queued command.
      { userId: 'someone-else', clientId: 'sent-draft', step: 'overview', vehicle: A_VEHICLE, plan: A_PLAN },
    ]);

    await moveLegacyDrafts(db, legacyName);

    const read = await readDraft(db);
    expect(read).toMatchObject({
      clientId: 'old-draft',
      reached: 'modification-plan',
      // Values are checked as they come in: an unknown choice is no choice, a stage without
      // options keeps none.
      vehicle: { ...A_VEHICLE, transmission: '' },
      plan: { stage: 'Gear Box', options: [], notes: 'n' },
    });
    expect(read?.ecuFile?.file.name).toBe('old-ecu.bin');
    expect(await read?.ecuFile?.file.text()).toBe('bytes of old-ecu');
    expect(read?.commonFiles.map((f) => f.file.name)).toEqual(['old-log-1.bin', 'old-log-2.bin']);
    expect(await draftRows(db)).toHaveLength(1);
    expect((await db.localFiles.toArray()).map((f) => f.id)).toEqual(['sent-ecu']);
    await vi.waitFor(async () => expect(await Dexie.exists(legacyName)).toBe(false));

    // Again (another tab, the next start): nothing changes.
    await moveLegacyDrafts(db, legacyName);
    expect((await readDraft(db))?.clientId).toBe('old-draft');
  });

  it('never replaces a draft already in the new table', async () => {
    const db = await aTestDb();
    const user = await signIn(db);
    const current = aDraft();
    await saveDraft(current, db);
    const legacyName = `legacy-wizard-kept-${Date.now()}`;
    await aLegacyDraftDb(legacyName, [
      { userId: user._id, clientId: 'old-draft', step: 'upload-file', vehicle: A_VEHICLE, plan: null },
    ]);
    await moveLegacyDrafts(db, legacyName);
    expect((await readDraft(db))?.clientId).toBe(current.clientId);
  });

  it('does nothing on a device that never had the old database', async () => {
    const db = await aTestDb();
    await signIn(db);
    await moveLegacyDrafts(db, `never-there-${Date.now()}`);
    expect(await draftRows(db)).toEqual([]);
  });
});

describe('the wizard rules', () => {
  it('checks step 1 in the documented order and step 2 for a stage, then an option', () => {
    const messages = vehicleIssues({ ...EMPTY_VEHICLE, transmission: '' }, null).map((i) => i.message);
    expect(messages).toEqual([
      'Make is required',
      'Model is required',
      'Year is required',
      'Registration is required',
      'Please select a transmission',
      'Please select read tool',
      'Please select a read type',
      'Please upload a ecu-file',
    ]);
    expect(planIssues({ stage: '', options: [], notes: '' })[0]?.message).toBe('Please select a stage');
    expect(planIssues({ stage: 'Eco', options: [], notes: '' })[0]?.message).toBe('Please select any option');
    expect(planIssues({ stage: 'Gear Box', options: [], notes: '' })).toEqual([]);
  });

  it('counts blank texts as missing and opens the steps only for complete drafts', () => {
    const draft: WizardDraft = aDraft();
    expect(isVehicleComplete(draft)).toBe(true);
    expect(isPlanComplete(draft)).toBe(true);
    expect(isVehicleComplete({ ...draft, vehicle: { ...A_VEHICLE, make: '   ' } })).toBe(false);
    expect(isVehicleComplete({ ...draft, ecuFile: null })).toBe(false);
    expect(isPlanComplete({ ...draft, plan: null })).toBe(false);
    expect(isPlanComplete({ ...draft, plan: { ...A_PLAN, options: [] } })).toBe(false);
  });

  it('orders the steps: a draft at the overview has reached step 2 too, not the other way round', () => {
    expect(hasReached({ reached: 'overview' }, 'modification-plan')).toBe(true);
    expect(hasReached({ reached: 'modification-plan' }, 'modification-plan')).toBe(true);
    expect(hasReached({ reached: 'modification-plan' }, 'overview')).toBe(false);
    expect(hasReached({ reached: 'upload-file' }, 'modification-plan')).toBe(false);
  });

  it('reads values of unknown origin without trusting them', () => {
    expect(vehicleFrom({ make: 'Audi', readTool: 'Nope', masterSlave: 'Other', year: 2019 })).toEqual({
      ...EMPTY_VEHICLE,
      transmission: '',
      make: 'Audi',
    });
    expect(planFrom({ stage: 'Stage 1', options: ['EGR OFF', 3], notes: null })).toEqual({
      stage: 'Stage 1',
      options: ['EGR OFF'],
      dtcCodes: [],
      notes: '',
    });
    expect(
      planFrom({ stage: 'Stage 1', options: ['DTC OFF'], dtcCodes: ['p0420', 7, 'P0420'] }),
    ).toMatchObject({
      dtcCodes: ['P0420'],
    });
    expect(planFrom({ stage: 'Stage 9' })).toBeNull();
    expect(planFrom(null)).toBeNull();
  });
});
