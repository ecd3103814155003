import { z } from 'zod';
import { DTC_MESSAGES, dtcCodesAllowed, dtcCodesSchema } from './dtc-codes';
import { SOLUTION_OPTIONS } from './options';
import { STAGES, STAGES_WITHOUT_OPTIONS, type Stage } from './stages';
import { TICKET_STATUSES } from './statuses';
import { MASTER_SLAVE, READ_TOOLS, READ_TYPES, TRANSMISSIONS } from './vehicle';

/** The wizard's validation texts (docs/product.md#4-the-upload-wizard), with the stray capitals fixed. */
export const TICKET_MESSAGES = {
  transmission: 'Please select a transmission',
  readTool: 'Please select read tool',
  readType: 'Please select a read type',
  ecuFile: 'Please upload a ecu-file',
  stage: 'Please select a stage',
  options: 'Please select any option',
  terms: 'Please accept the terms',
  optionsDisabled: 'Options selection is disabled for the current Stage.',
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * Step 1, Vehicle details, checked in the documented order (docs/product.md#4-the-upload-wizard):
 * transmission, read tool, read type.
 */
export const vehicleDetailsSchema = z.object({
  make: requiredText('Make', 60),
  model: requiredText('Model', 80),
  year: requiredText('Year', 20),
  registration: requiredText('Registration', 20),
  ecuId: z.string().trim().max(120).optional().default(''),
  transmission: z.enum(TRANSMISSIONS, { error: TICKET_MESSAGES.transmission }),
  readTool: z.enum(READ_TOOLS, { error: TICKET_MESSAGES.readTool }),
  readType: z.enum(READ_TYPES, { error: TICKET_MESSAGES.readType }),
  masterSlave: z.enum(MASTER_SLAVE, { error: 'Please select Master or Slave' }).default('Master'),
});
export type VehicleDetailsInput = z.infer<typeof vehicleDetailsSchema>;

const OPTION_NAMES = SOLUTION_OPTIONS.map((o) => o.name) as [string, ...string[]];

/**
 * The options field arrives as an array, or as a comma-separated string, or both spellings
 * (options, modificationOptions): split, trimmed, empties dropped (docs/product.md#13-the-http-api).
 */
export function normaliseOptions(...values: unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    for (const item of items) {
      if (typeof item !== 'string') continue;
      // Option names never contain a comma, so splitting is safe.
      for (const part of item.split(',')) {
        const name = part.trim();
        if (name && !out.includes(name)) out.push(name);
      }
    }
  }
  return out;
}

/**
 * Step 2, Modification plan. For the three no-option stages chosen options (and fault codes) are
 * cleared. Fault codes come only with DTC OFF (docs/decisions/092-fault-code-lists.md).
 */
export const modificationPlanSchema = z
  .object({
    stage: z.enum(STAGES, { error: TICKET_MESSAGES.stage }),
    options: z.array(z.enum(OPTION_NAMES, { error: 'Unknown option' })).default([]),
    dtcCodes: dtcCodesSchema,
    notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional().default(''),
  })
  .transform((plan) =>
    STAGES_WITHOUT_OPTIONS.includes(plan.stage as Stage)
      ? { ...plan, options: [] as string[], dtcCodes: [] as string[] }
      : plan,
  )
  .refine((plan) => STAGES_WITHOUT_OPTIONS.includes(plan.stage as Stage) || plan.options.length > 0, {
    message: TICKET_MESSAGES.options,
    path: ['options'],
  })
  .refine((plan) => plan.dtcCodes.length === 0 || dtcCodesAllowed(plan.options), {
    message: DTC_MESSAGES.withoutDtcOff,
    path: ['dtcCodes'],
  });
export type ModificationPlanInput = z.infer<typeof modificationPlanSchema>;

const uploadId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not an upload id');

/**
 * POST /ecuFile/create-ecuFile as JSON naming finished tus uploads (docs/product.md#13-the-http-api). The
 * multipart form is parsed into the same shape before validation.
 */
export const ticketClientIdSchema = z.object({ clientId: z.uuid('clientId must be a UUID').optional() });

export const createTicketSchema = ticketClientIdSchema
  .extend({
    ecuFileUploadId: uploadId,
    commonFileUploadIds: z.array(uploadId).max(10, 'At most 10 additional files').default([]),
  })
  .and(vehicleDetailsSchema)
  .and(modificationPlanSchema);
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

export { TICKET_STATUSES, type TicketStatus } from './statuses';

/** POST /ecuFile/isEligibleToDownload and the admin's tuned-file upload name a ticket. */
export const ticketNumberSchema = z.object({
  ticketNumber: z.coerce
    .number({ error: 'Ticket number missing!' })
    .int('Ticket number missing!')
    .min(1, 'Ticket number missing!')
    // The column is a PostgreSQL integer: a larger number is no ticket (and must not reach the query).
    .max(2_147_483_647, 'Ticket number missing!'),
});

/** GET /ecuFile/my-files pages by ticket number, newest first: the whole list in one answer up to this. */
export const MY_FILES_PAGE = 100;
export const MY_FILES_MAX_PAGE = 500;
const MY_FILES_CURSOR = 'cursor must be the nextCursor of an earlier page';

/** GET /ecuFile/my-files?limit=&cursor=: `cursor` is the previous answer's nextCursor. */
export const myFilesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MY_FILES_MAX_PAGE, `limit must be at most ${MY_FILES_MAX_PAGE}`)
    .default(MY_FILES_PAGE),
  cursor: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, MY_FILES_CURSOR)
    .refine((v) => Number(v) <= 2_147_483_647, MY_FILES_CURSOR)
    .optional(),
});
export type MyFilesQuery = z.infer<typeof myFilesQuerySchema>;

/** PUT /admin/updateEcuFileStatus: fileId is the ticket's _id. */
export const updateTicketStatusSchema = z.object({
  fileId: z.uuid('fileId must be a ticket id'),
  status: z.enum(TICKET_STATUSES, {
    error: 'Choose a status: Pending, In Progress, Completed, Failed or Unlocked',
  }),
});

/** PUT /admin/uploadTunedFile as JSON naming a finished tus upload. */
export const tunedFileSchema = z.object({
  ticketNumber: ticketNumberSchema.shape.ticketNumber,
  tunedFileUploadId: uploadId,
});

/**
 * POST /admin/reuseTunedFile: delivers a copy of an earlier ticket's tuned file whose original
 * is byte-identical (SHA-256) to this ticket's, once an admin has checked the plan matches.
 */
export const reuseTunedFileSchema = z.object({
  ticketNumber: ticketNumberSchema.shape.ticketNumber,
  fromTicketNumber: ticketNumberSchema.shape.ticketNumber,
});
export type ReuseTunedFileInput = z.infer<typeof reuseTunedFileSchema>;

/**
 * POST /ecuFile/request-change: a revision of a delivered ticket (docs/decisions/040-revisions.md).
 * The vehicle and the original file come from the parent; masterSlave defaults to the parent's.
 */
export const requestChangeSchema = ticketClientIdSchema
  .extend({
    parentTicketNumber: ticketNumberSchema.shape.ticketNumber,
    masterSlave: z.enum(MASTER_SLAVE, { error: 'Please select Master or Slave' }).optional(),
  })
  .and(modificationPlanSchema);
export type RequestChangeInput = z.infer<typeof requestChangeSchema>;
