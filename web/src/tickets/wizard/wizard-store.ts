import Dexie from 'dexie';
import {
  getAuthUser,
  type LocalFile,
  localDb,
  type OutboxCommand,
  type PortalDb,
  type WizardDraftFile,
  type WizardDraftRow,
  type WizardStep,
} from '../../local/db';
import { planFrom, vehicleFrom, type WizardData, type WizardFile } from './wizard-state';

/**
 * The wizard's one store (docs/decisions/042-wizard-store.md): the `wizardDrafts` table of the
 * main local database, one row per account on this device. Steps 1-3 and Back read it and write
 * it through this module only; Submit turns the row into an outbox command and deletes it.
 */

export type { WizardStep };

/** The draft as the steps work with it. */
export interface WizardDraft extends WizardData {
  /** The furthest step the tuner continued to. */
  reached: WizardStep;
}

/**
 * Said when Continue or Back cannot store the step (the device's storage is full or blocked):
 * the next step opens from the store, so the tuner stays where the values are.
 */
export const DRAFT_NOT_SAVED_TEXT = 'Your entries could not be saved on this device. Please try again.';

/** A failed keystroke save only costs the copy a reload would restore: the form goes on. */
export function warnDraftNotSaved(err: unknown): void {
  console.warn('The draft could not be saved', err);
}

const STEPS: readonly WizardStep[] = ['upload-file', 'modification-plan', 'overview'];

export function hasReached(draft: Pick<WizardDraft, 'reached'>, step: WizardStep): boolean {
  return STEPS.indexOf(draft.reached) >= STEPS.indexOf(step);
}

function furthest(a: WizardStep, b: WizardStep): WizardStep {
  return STEPS.indexOf(a) >= STEPS.indexOf(b) ? a : b;
}

async function currentUserId(db: PortalDb): Promise<string | null> {
  return (await getAuthUser(db))?._id ?? null;
}

/** A File made from a stored Blob (IndexedDB may hand back a plain Blob). */
function wizardFileOf(stored: WizardDraftFile): WizardFile {
  const file =
    stored.blob instanceof File && stored.blob.name === stored.name
      ? stored.blob
      : new File([stored.blob], stored.name, { type: stored.type, lastModified: stored.lastModified });
  return { id: stored.id, file };
}

function storedFileOf({ id, file }: WizardFile): WizardDraftFile {
  return {
    id,
    name: file.name,
    type: file.type || 'application/octet-stream',
    size: file.size,
    blob: file,
    lastModified: file.lastModified,
  };
}

function draftOf(row: WizardDraftRow): WizardDraft {
  return {
    clientId: row.clientId,
    reached: row.reached,
    vehicle: row.vehicle,
    plan: row.plan,
    ecuFile: row.ecuFile ? wizardFileOf(row.ecuFile) : null,
    commonFiles: row.commonFiles.map(wizardFileOf),
  };
}

/** The signed-in account's draft on this device, or null. */
export async function readDraft(db: PortalDb = localDb): Promise<WizardDraft | null> {
  const userId = await currentUserId(db);
  if (!userId) return null;
  const row = await db.wizardDrafts.get(userId);
  return row ? draftOf(row) : null;
}

/* ------------------------------------------------------------------------------------------ */
/* Writes: one queue per database, in the order they were asked for.                          */
/* ------------------------------------------------------------------------------------------ */

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Job =
  | { kind: 'save'; draft: WizardDraft; waiters: Waiter[] }
  | { kind: 'task'; run: () => Promise<unknown>; waiters: Waiter[] };

interface WriteQueue {
  jobs: Job[];
  busy: boolean;
}

const queues = new WeakMap<PortalDb, WriteQueue>();

function queueOf(db: PortalDb): WriteQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = { jobs: [], busy: false };
    queues.set(db, queue);
  }
  return queue;
}

/**
 * Every keystroke saves, and the row carries the files: two saves in flight could land the
 * wrong way round, and a save per keystroke would write the files again each time. So writes
 * run one at a time, in order, and a save waiting behind another save replaces it (its caller
 * is answered when the newer copy lands). A clear or a submit is never skipped, and a save
 * asked for before it cannot land after it.
 */
function schedule<T>(
  db: PortalDb,
  job: { kind: 'save'; draft: WizardDraft } | { kind: 'task'; run: () => Promise<T> },
) {
  const queue = queueOf(db);
  return new Promise<T>((resolve, reject) => {
    const waiter: Waiter = { resolve: resolve as (value: unknown) => void, reject };
    const last = queue.jobs.at(-1);
    if (job.kind === 'save' && last?.kind === 'save') {
      last.draft = job.draft;
      last.waiters.push(waiter);
    } else {
      queue.jobs.push({ ...job, waiters: [waiter] });
    }
    if (!queue.busy) void drain(db, queue);
  });
}

async function drain(db: PortalDb, queue: WriteQueue): Promise<void> {
  queue.busy = true;
  for (let job = queue.jobs.shift(); job; job = queue.jobs.shift()) {
    try {
      const value = job.kind === 'save' ? await putDraft(db, job.draft) : await job.run();
      for (const w of job.waiters) w.resolve(value);
    } catch (err) {
      for (const w of job.waiters) w.reject(err);
    }
  }
  queue.busy = false;
}

async function putDraft(db: PortalDb, draft: WizardDraft): Promise<void> {
  await db.transaction('rw', db.meta, db.wizardDrafts, async () => {
    const userId = await currentUserId(db);
    if (!userId) return;
    // Another account's draft never shows (rows are per account); the first save of this
    // account also drops it, so its files do not stay on a shared device.
    await db.wizardDrafts.where('userId').notEqual(userId).delete();
    const stored = await db.wizardDrafts.get(userId);
    const same = stored?.clientId === draft.clientId ? stored : undefined;
    const now = Date.now();
    await db.wizardDrafts.put({
      userId,
      clientId: draft.clientId,
      reached: same ? furthest(same.reached, draft.reached) : draft.reached,
      vehicle: draft.vehicle,
      plan: draft.plan,
      ecuFile: draft.ecuFile ? storedFileOf(draft.ecuFile) : null,
      commonFiles: draft.commonFiles.map(storedFileOf),
      createdAt: same?.createdAt ?? now,
      updatedAt: now,
    });
  });
}

/**
 * Stores the whole draft for the signed-in account (the last writer wins, as with two tabs).
 * `reached` never goes back for the same draft: Back and a change on step 1 keep steps 2 and 3
 * open after a reload.
 */
export function saveDraft(draft: WizardDraft, db: PortalDb = localDb): Promise<void> {
  return schedule(db, { kind: 'save', draft });
}

/** Forgets the signed-in account's draft and its files (Start over). */
export function clearDraft(db: PortalDb = localDb): Promise<void> {
  return schedule(db, {
    kind: 'task',
    run: async () => {
      const userId = await currentUserId(db);
      if (userId) await db.wizardDrafts.delete(userId);
    },
  });
}

/**
 * The writes of one step's form: it keeps the draft as last written and saves it again with
 * each change. Pages hold one for as long as they show a draft.
 */
export interface DraftWriter {
  readonly current: WizardDraft;
  update(change: Partial<Omit<WizardDraft, 'clientId'>>): Promise<void>;
}

export function draftWriter(initial: WizardDraft, db: PortalDb = localDb): DraftWriter {
  let current = initial;
  return {
    get current() {
      return current;
    },
    update(change) {
      current = { ...current, ...change };
      return saveDraft(current, db);
    },
  };
}

/**
 * Submit: the draft's files become the upload queue's rows (docs/decisions/025-files-and-local-data.md),
 * `queueCommand` queues the command that names them, and the draft goes, all in one transaction:
 * a crash leaves either the draft or the queued ticket, never both, so Back cannot submit twice.
 * The rows get ids of their own: a second tab that submits the same draft again cannot reset
 * the first command's uploads.
 */
export function submitDraft<Command>(
  draft: WizardData,
  queueCommand: (localFileIds: string[]) => Promise<Command>,
  db: PortalDb = localDb,
): Promise<Command> {
  return schedule(db, {
    kind: 'task',
    run: () =>
      db.transaction('rw', [db.meta, db.outbox, db.localFiles, db.wizardDrafts], async () => {
        const now = Date.now();
        const chosen: [WizardFile, LocalFile['purpose']][] = [
          ...(draft.ecuFile ? [[draft.ecuFile, 'ecu'] as [WizardFile, 'ecu']] : []),
          ...draft.commonFiles.map((f) => [f, 'common'] as [WizardFile, 'common']),
        ];
        const rows: LocalFile[] = chosen.map(([{ file }, purpose], i) => ({
          id: crypto.randomUUID(),
          clientId: draft.clientId,
          purpose,
          name: file.name,
          size: file.size,
          type: file.type || 'application/octet-stream',
          blob: file,
          status: 'queued',
          bytesUploaded: 0,
          // Keeps the order of the additional files as chosen.
          createdAt: now + i,
        }));
        await db.localFiles.bulkAdd(rows);
        const command = await queueCommand(rows.map((r) => r.id));
        const userId = await currentUserId(db);
        const stored = userId ? await db.wizardDrafts.get(userId) : undefined;
        if (userId && stored?.clientId === draft.clientId) await db.wizardDrafts.delete(userId);
        return command;
      }),
  });
}

/* ------------------------------------------------------------------------------------------ */
/* The draft database of earlier versions, read once and moved in.                            */
/* ------------------------------------------------------------------------------------------ */

/** Before version 4 of the main database the values lived here, the files as LocalFile rows. */
export const LEGACY_DRAFT_DB = 'ecu-portal-wizard';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function namesClientId(command: OutboxCommand, clientId: string): boolean {
  return (
    command.idempotencyKey === clientId ||
    (isRecord(command.body) && 'clientId' in command.body && command.body.clientId === clientId)
  );
}

function legacyFileOf(row: LocalFile): WizardDraftFile {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: row.size,
    blob: row.blob,
    lastModified: row.createdAt,
  };
}

/**
 * One draft of the old database becomes a row here with its files, unless this account has a
 * draft already or the draft was submitted (a command names it: its files are the command's).
 */
async function adoptLegacyDraft(legacy: unknown, db: PortalDb): Promise<void> {
  if (!isRecord(legacy) || typeof legacy.userId !== 'string' || typeof legacy.clientId !== 'string') return;
  const { userId, clientId } = legacy;
  const reached = STEPS.find((s) => s === legacy.step) ?? 'upload-file';
  const at = typeof legacy.updatedAt === 'number' ? legacy.updatedAt : Date.now();
  await db.transaction('rw', [db.outbox, db.localFiles, db.wizardDrafts], async () => {
    if (await db.wizardDrafts.get(userId)) return;
    if ((await db.outbox.toArray()).some((c) => namesClientId(c, clientId))) return;
    const files = (await db.localFiles.where('clientId').equals(clientId).sortBy('createdAt')).filter(
      (f) => f.status === 'queued',
    );
    const ecu = files.find((f) => f.purpose === 'ecu');
    await db.wizardDrafts.put({
      userId,
      clientId,
      reached,
      vehicle: vehicleFrom(legacy.vehicle),
      plan: planFrom(legacy.plan),
      ecuFile: ecu ? legacyFileOf(ecu) : null,
      commonFiles: files.filter((f) => f.purpose === 'common').map(legacyFileOf),
      createdAt: at,
      updatedAt: at,
    });
    await db.localFiles.bulkDelete(files.map((f) => f.id));
  });
}

/** Moves the drafts of the old database in, then deletes it. Safe to run again. */
export async function moveLegacyDrafts(db: PortalDb = localDb, name = LEGACY_DRAFT_DB): Promise<void> {
  if (!(await Dexie.exists(name))) return;
  const legacy = new Dexie(name);
  let rows: unknown[] = [];
  try {
    await legacy.open();
    if (legacy.tables.some((t) => t.name === 'drafts')) rows = await legacy.table('drafts').toArray();
  } finally {
    legacy.close();
  }
  for (const row of rows) await adoptLegacyDraft(row, db);
  // Not awaited: a tab still running the old version may hold it open for a while.
  Dexie.delete(name).catch((err) => console.warn('The old wizard database could not be deleted', err));
}

let legacyMoved: Promise<void> | null = null;
let legacySettled = false;

/** Runs moveLegacyDrafts once per page load (for the main database); a failure only warns. */
export function moveLegacyDraftsOnce(): Promise<void> {
  legacyMoved ??= moveLegacyDrafts()
    .catch((err) => console.warn('The draft of an earlier version could not be read', err))
    .finally(() => {
      legacySettled = true;
    });
  return legacyMoved;
}

export function legacyDraftsSettled(): boolean {
  return legacySettled;
}
