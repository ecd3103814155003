/* eslint-disable lingui/no-unlocalized-strings -- shared's English messages, shown through wizardText (wizard-words.ts) */
import {
  dtcCodesAllowed,
  isDtcCode,
  MASTER_SLAVE,
  type MasterSlave,
  READ_TOOLS,
  READ_TYPES,
  STAGES,
  STAGES_WITHOUT_OPTIONS,
  type Stage,
  TICKET_MESSAGES,
  TRANSMISSIONS,
} from '@ecu/shared';
import type { WizardPlan, WizardVehicle } from '../../local/db';

/** Step 1 values, as the form holds them ('' = nothing chosen yet). */
export type VehicleValues = WizardVehicle;

/** Step 2 values. */
export type PlanValues = WizardPlan;

/** A file of the wizard: the File itself and its id in the draft (and later in the upload queue). */
export interface WizardFile {
  id: string;
  file: File;
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

export const EMPTY_PLAN: PlanValues = { stage: '', options: [], dtcCodes: [], notes: '' };

/** The plan's fault codes as sent: only with DTC OFF chosen (docs/decisions/092-fault-code-lists.md). */
export function planDtcCodes(plan: Pick<PlanValues, 'options' | 'dtcCodes'>): string[] {
  return dtcCodesAllowed(plan.options) ? (plan.dtcCodes ?? []) : [];
}

export function takesOptions(stage: string): boolean {
  return !STAGES_WITHOUT_OPTIONS.includes(stage as Stage);
}

function oneOf<T extends string>(list: readonly T[], value: unknown, fallback: T | ''): T | '' {
  return list.includes(value as T) ? (value as T) : fallback;
}

/** Reads step-1 values from anything (a stored draft of an older version), never trusting it. */
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
  const codes = Array.isArray(s.dtcCodes)
    ? s.dtcCodes.filter((c): c is string => typeof c === 'string' && isDtcCode(c))
    : [];
  return {
    stage,
    options: takesOptions(stage) ? options : [],
    dtcCodes: takesOptions(stage) ? codes : [],
    notes: typeof s.notes === 'string' ? s.notes : '',
  };
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

/** True when step 1 is complete enough for step 2. */
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
