import {
  MASTER_SLAVE,
  type MasterSlave,
  READ_TOOLS,
  READ_TYPES,
  type ReadTool,
  type ReadType,
  STAGES,
  STAGES_WITHOUT_OPTIONS,
  type Stage,
  TICKET_MESSAGES,
  TRANSMISSIONS,
  type Transmission,
} from '@ecu/shared';
import Dexie, { type EntityTable } from 'dexie';
import { getAuthUser, type LocalFile, localDb, type PortalDb } from '../../local/db';

/** Step 1 values, as the form holds them ('' = nothing chosen yet). */
export interface VehicleValues {
  make: string;
  model: string;
  year: string;
  registration: string;
  ecuId: string;
  transmission: Transmission | '';
  readTool: ReadTool | '';
  readType: ReadType | '';
  masterSlave: MasterSlave;
}

/** Step 2 values. */
export interface PlanValues {
  stage: Stage | '';
  options: string[];
  notes: string;
}

/** A file of the wizard: the File itself and the id of its LocalFile row (the draft's copy). */
export interface WizardFile {
  id: string;
  file: File;
}

export type WizardFrom = 'upload-file' | 'modification-plan' | 'overview-back' | 'draft';

/**
 * What travels between the steps in navigation state (docs/product.md#4-the-upload-wizard):
 * every step-1 value, ecuFile, commonFiles and from; from step 2 on also the plan. The LocalFile ids ride along
 * so the draft in IndexedDB stays the same set of rows.
 */
export interface WizardNavState extends VehicleValues, Partial<PlanValues> {
  from: WizardFrom;
  clientId: string;
  ecuFile: File | null;
  commonFiles: File[];
  ecuFileId: string | null;
  commonFileIds: string[];
}

/** The wizard as the pages work with it. */
export interface WizardData {
  clientId: string;
  vehicle: VehicleValues;
  plan: PlanValues | null;
  ecuFile: WizardFile | null;
  commonFiles: WizardFile[];
}

export const EMPTY_VEHICLE: VehicleValues = {
  make: '',
  model: '',
  year: '',
  registration: '',
  ecuId: '',
  transmission: 'Automatic',
  readTool: '',
  readType: '',
  masterSlave: 'Master',
};

export const EMPTY_PLAN: PlanValues = { stage: '', options: [], notes: '' };

export function takesOptions(stage: string): boolean {
  return !STAGES_WITHOUT_OPTIONS.includes(stage as Stage);
}

const VEHICLE_KEYS = Object.keys(EMPTY_VEHICLE) as (keyof VehicleValues)[];

function oneOf<T extends string>(list: readonly T[], value: unknown, fallback: T | ''): T | '' {
  return list.includes(value as T) ? (value as T) : fallback;
}

/** Reads step-1 values from anything (navigation state, a stored draft), never trusting it. */
export function vehicleFrom(source: unknown): VehicleValues {
  const s = (source ?? {}) as Record<string, unknown>;
  const text = (k: string) => (typeof s[k] === 'string' ? (s[k] as string) : '');
  return {
    make: text('make'),
    model: text('model'),
    year: text('year'),
    registration: text('registration'),
    ecuId: text('ecuId'),
    transmission: oneOf(TRANSMISSIONS, s.transmission, ''),
    readTool: oneOf(READ_TOOLS, s.readTool, ''),
    readType: oneOf(READ_TYPES, s.readType, ''),
    masterSlave: (oneOf(MASTER_SLAVE, s.masterSlave, 'Master') || 'Master') as MasterSlave,
  };
}

/** Reads the plan from anything; null when there is no stage at all. */
export function planFrom(source: unknown): PlanValues | null {
  const s = (source ?? {}) as Record<string, unknown>;
  const stage = oneOf(STAGES, s.stage, '');
  if (!stage) return null;
  const options = Array.isArray(s.options) ? s.options.filter((o): o is string => typeof o === 'string') : [];
  return {
    stage,
    options: takesOptions(stage) ? options : [],
    notes: typeof s.notes === 'string' ? s.notes : '',
  };
}

export function toNavState(data: WizardData, from: WizardFrom): WizardNavState {
  const vehicle = Object.fromEntries(
    VEHICLE_KEYS.map((k) => [k, data.vehicle[k]]),
  ) as unknown as VehicleValues;
  return {
    ...vehicle,
    ...(data.plan ?? {}),
    from,
    clientId: data.clientId,
    ecuFile: data.ecuFile?.file ?? null,
    commonFiles: data.commonFiles.map((f) => f.file),
    ecuFileId: data.ecuFile?.id ?? null,
    commonFileIds: data.commonFiles.map((f) => f.id),
  };
}

/** The wizard carried in navigation state, or null when the state is not the wizard's. */
export function fromNavState(state: unknown): WizardData | null {
  const s = state as Partial<WizardNavState> | null | undefined;
  if (!s || typeof s !== 'object' || typeof s.clientId !== 'string' || !s.from) return null;
  const ecuFile =
    s.ecuFile instanceof Blob && typeof s.ecuFileId === 'string'
      ? { id: s.ecuFileId, file: s.ecuFile }
      : null;
  const files = Array.isArray(s.commonFiles) ? s.commonFiles : [];
  const ids = Array.isArray(s.commonFileIds) ? s.commonFileIds : [];
  const commonFiles = files.flatMap((file, i) =>
    file instanceof Blob && typeof ids[i] === 'string' ? [{ id: ids[i] as string, file }] : [],
  );
  return { clientId: s.clientId, vehicle: vehicleFrom(s), plan: planFrom(s), ecuFile, commonFiles };
}

/** A File made from a stored Blob (IndexedDB may hand back a plain Blob). */
export function fileOf(row: Pick<LocalFile, 'blob' | 'name' | 'type' | 'createdAt'>): File {
  if (row.blob instanceof File && row.blob.name === row.name) return row.blob;
  return new File([row.blob], row.name, { type: row.type, lastModified: row.createdAt });
}

/* ------------------------------------------------------------------------------------------ */
/* The draft: values in a small store of its own, files as LocalFile rows (status 'queued').  */
/* ------------------------------------------------------------------------------------------ */

export type DraftStep = 'upload-file' | 'modification-plan' | 'overview';

/** One unsent wizard per account on this device; a reload or a closed tab keeps it. */
export interface DraftRow {
  userId: string;
  clientId: string;
  step: DraftStep;
  vehicle: VehicleValues;
  plan: PlanValues | null;
  updatedAt: number;
}

/** A wizard that was submitted: its navigation state (browser Back) must not submit it again. */
export interface SubmittedRow {
  clientId: string;
  at: number;
}

export class WizardDb extends Dexie {
  drafts!: EntityTable<DraftRow, 'userId'>;
  submitted!: EntityTable<SubmittedRow, 'clientId'>;
  constructor(name = 'ecu-portal-wizard') {
    super(name);
    this.version(1).stores({ drafts: 'userId', submitted: 'clientId, at' });
  }
}

export const wizardDb = new WizardDb();

export interface DraftStores {
  db: PortalDb;
  drafts: WizardDb;
}

const defaultStores: DraftStores = { db: localDb, drafts: wizardDb };

async function currentUserId(): Promise<string | null> {
  return (await getAuthUser())?._id ?? null;
}

/**
 * The saved draft of this account with its files, or null. A draft whose ticket was already
 * queued (a command names its clientId) is finished: it is dropped instead of restored.
 */
export async function loadDraft(
  userId: string | null = null,
  stores: DraftStores = defaultStores,
): Promise<(WizardData & { step: DraftStep }) | null> {
  const uid = userId ?? (await currentUserId());
  if (!uid) return null;
  const row = await stores.drafts.drafts.get(uid);
  if (!row) return null;
  const queued = await stores.db.outbox
    .where('kind')
    .equals('createTicket')
    .filter((c) => (c.body as { clientId?: string } | null)?.clientId === row.clientId)
    .count();
  if (queued > 0) {
    await stores.drafts.drafts.delete(uid);
    return null;
  }
  const rows = await stores.db.localFiles.where('clientId').equals(row.clientId).sortBy('createdAt');
  const ecuRow = rows.find((r) => r.purpose === 'ecu');
  return {
    clientId: row.clientId,
    step: row.step,
    vehicle: vehicleFrom(row.vehicle),
    plan: row.plan ? planFrom(row.plan) : null,
    ecuFile: ecuRow ? { id: ecuRow.id, file: fileOf(ecuRow) } : null,
    commonFiles: rows.filter((r) => r.purpose === 'common').map((r) => ({ id: r.id, file: fileOf(r) })),
  };
}

let draftWrites: Promise<unknown> = Promise.resolve();

/**
 * Draft writes land in the order they were asked for. Every keystroke saves, and two saves
 * in flight could otherwise finish the wrong way round, leaving the older values on disk.
 */
function inOrder<T>(write: () => Promise<T>): Promise<T> {
  const next = draftWrites.then(write, write);
  draftWrites = next.catch(() => undefined);
  return next;
}

/** Saves the values (not the files) of the draft. */
export function saveDraftValues(
  data: Pick<WizardData, 'clientId' | 'vehicle' | 'plan'>,
  step: DraftStep,
  userId: string | null = null,
  stores: DraftStores = defaultStores,
): Promise<void> {
  return inOrder(async () => {
    const uid = userId ?? (await currentUserId());
    if (!uid) return;
    await stores.drafts.drafts.put({
      userId: uid,
      clientId: data.clientId,
      step,
      vehicle: data.vehicle,
      plan: data.plan,
      updatedAt: Date.now(),
    });
  });
}

/**
 * The draft writes of one wizard page: the values on every change (one small put), the file
 * rows and then the values when the files change. A failed write only costs the reload copy:
 * the wizard itself goes on from navigation state.
 */
export function draftWriter(clientId: string, step: DraftStep) {
  const warn = (err: unknown) => console.warn('The draft could not be saved', err);
  return {
    values: (data: Pick<WizardData, 'vehicle' | 'plan'>) =>
      saveDraftValues({ clientId, ...data }, step).catch(warn),
    files: (
      ecuFile: WizardFile | null,
      commonFiles: WizardFile[],
      data: Pick<WizardData, 'vehicle' | 'plan'>,
    ) =>
      saveDraftFiles(clientId, ecuFile, commonFiles)
        .then(() => saveDraftValues({ clientId, ...data }, step))
        .catch(warn),
  };
}

/**
 * Makes the draft's LocalFile rows exactly the given files: new ones are written (the Blob is
 * the File), ones no longer chosen are deleted. A submitted ticket's rows are never touched:
 * the next draft has a clientId of its own.
 */
export function saveDraftFiles(
  clientId: string,
  ecuFile: WizardFile | null,
  commonFiles: WizardFile[],
  stores: Pick<DraftStores, 'db'> = defaultStores,
): Promise<void> {
  return inOrder(() => writeDraftFiles(clientId, ecuFile, commonFiles, stores.db));
}

async function writeDraftFiles(
  clientId: string,
  ecuFile: WizardFile | null,
  commonFiles: WizardFile[],
  db: DraftStores['db'],
): Promise<void> {
  const wanted: [WizardFile, LocalFile['purpose']][] = [
    ...(ecuFile ? [[ecuFile, 'ecu'] as [WizardFile, 'ecu']] : []),
    ...commonFiles.map((f) => [f, 'common'] as [WizardFile, 'common']),
  ];
  await db.transaction('rw', db.localFiles, async () => {
    const existing = await db.localFiles.where('clientId').equals(clientId).toArray();
    const keep = new Set(wanted.map(([f]) => f.id));
    const stale = existing.filter((r) => r.status === 'queued' && !keep.has(r.id)).map((r) => r.id);
    if (stale.length > 0) await db.localFiles.bulkDelete(stale);
    const have = new Set(existing.map((r) => r.id));
    const now = Date.now();
    const fresh: LocalFile[] = wanted
      .filter(([f]) => !have.has(f.id))
      .map(([f, purpose], i) => ({
        id: f.id,
        clientId,
        purpose,
        name: f.file.name,
        size: f.file.size,
        type: f.file.type || 'application/octet-stream',
        blob: f.file,
        status: 'queued',
        bytesUploaded: 0,
        // Keeps the order of the additional files as chosen.
        createdAt: now + i,
      }));
    if (fresh.length > 0) await db.localFiles.bulkPut(fresh);
  });
}

const SUBMITTED_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Remembers that this wizard was queued as a ticket, and forgets the draft (not its files). */
export async function markSubmitted(clientId: string, stores: DraftStores = defaultStores): Promise<void> {
  const now = Date.now();
  await stores.drafts.submitted.put({ clientId, at: now });
  await stores.drafts.submitted
    .where('at')
    .below(now - SUBMITTED_KEEP_MS)
    .delete();
  await clearDraft({ deleteFiles: false }, null, stores);
}

export async function wasSubmitted(clientId: string, stores: DraftStores = defaultStores): Promise<boolean> {
  return (await stores.drafts.submitted.get(clientId)) !== undefined;
}

/** Forgets the draft: after a submit (its rows then belong to the command) or on Start over. */
export async function clearDraft(
  options: { deleteFiles: boolean; clientId?: string },
  userId: string | null = null,
  stores: DraftStores = defaultStores,
): Promise<void> {
  const uid = userId ?? (await currentUserId());
  if (uid) await stores.drafts.drafts.delete(uid);
  if (options.deleteFiles && options.clientId) {
    await stores.db.localFiles
      .where('clientId')
      .equals(options.clientId)
      .filter((r) => r.status === 'queued')
      .delete();
  }
}

export interface WizardIssue {
  field: keyof VehicleValues | 'ecuFile' | 'stage' | 'options';
  message: string;
}

const TEXT_FIELDS: [keyof VehicleValues, string][] = [
  ['make', 'Make'],
  ['model', 'Model'],
  ['year', 'Year'],
  ['registration', 'Registration'],
];

/**
 * Step 1 checks in the documented order (docs/product.md#4-the-upload-wizard): the required
 * texts (the browser checks those, so first), then transmission, read tool, read type, ECU file. The first is toasted;
 * each shows under its field.
 */
export function vehicleIssues(vehicle: VehicleValues, ecuFile: WizardFile | null): WizardIssue[] {
  const issues: WizardIssue[] = [];
  for (const [field, label] of TEXT_FIELDS) {
    if (!vehicle[field].trim()) issues.push({ field, message: `${label} is required` });
  }
  if (!vehicle.transmission) issues.push({ field: 'transmission', message: TICKET_MESSAGES.transmission });
  if (!vehicle.readTool) issues.push({ field: 'readTool', message: TICKET_MESSAGES.readTool });
  if (!vehicle.readType) issues.push({ field: 'readType', message: TICKET_MESSAGES.readType });
  if (!ecuFile) issues.push({ field: 'ecuFile', message: TICKET_MESSAGES.ecuFile });
  return issues;
}

/** Step 2 checks: a stage, then an option unless the stage takes none. */
export function planIssues(plan: PlanValues): WizardIssue[] {
  if (!plan.stage) return [{ field: 'stage', message: TICKET_MESSAGES.stage }];
  if (takesOptions(plan.stage) && plan.options.length === 0)
    return [{ field: 'options', message: TICKET_MESSAGES.options }];
  return [];
}

/** True when step 1 is complete enough for step 2 (a restored draft or navigation state). */
export function isVehicleComplete(data: WizardData | null): data is WizardData {
  return Boolean(data && vehicleIssues(data.vehicle, data.ecuFile).length === 0);
}

export function isPlanComplete(data: WizardData | null): data is WizardData & { plan: PlanValues } {
  return Boolean(isVehicleComplete(data) && data.plan && planIssues(data.plan).length === 0);
}

export function newWizardFile(file: File): WizardFile {
  return { id: crypto.randomUUID(), file };
}

export function newWizard(): WizardData {
  return {
    clientId: crypto.randomUUID(),
    vehicle: { ...EMPTY_VEHICLE },
    plan: null,
    ecuFile: null,
    commonFiles: [],
  };
}
