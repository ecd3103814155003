import { z } from 'zod';
import { listQuerySchema } from '../credits/schemas';
import { SOLUTION_OPTIONS } from '../tickets/options';
import { ticketNumberSchema } from '../tickets/schemas';
import { STAGES } from '../tickets/stages';

/** A solution's life: made (draft), approved for automatic delivery, retired (never used again). */
export const SOLUTION_STATES = ['draft', 'approved', 'retired'] as const;
export type SolutionState = (typeof SOLUTION_STATES)[number];

/** A range as stored and answered: its offset and its bytes as lower-case hex, equal lengths. */
export const patchRangeHexSchema = z
  .object({
    offset: z.number().int().nonnegative(),
    original: z.string().regex(/^(?:[0-9a-f]{2})+$/, 'bytes as hex'),
    patched: z.string().regex(/^(?:[0-9a-f]{2})+$/, 'bytes as hex'),
  })
  .refine((r) => r.original.length === r.patched.length, 'original and patched differ in length');
export type PatchRangeHex = z.infer<typeof patchRangeHexSchema>;

/** POST /api/admin/solutions: a solution from a delivered ticket's original and tuned file. */
export const createSolutionSchema = z.object({
  ticketNumber: ticketNumberSchema.shape.ticketNumber,
  /** Approve it at once for automatic delivery. */
  approve: z.boolean({ error: 'approve must be true or false' }).optional().default(false),
  /** The tuned file's changes include the ECU checksum bytes for this software. */
  includesChecksum: z.boolean({ error: 'includesChecksum must be true or false' }).optional().default(false),
});
export type CreateSolutionInput = z.infer<typeof createSolutionSchema>;

/** What one uploaded pair solves: a stage or an option ('No Engine Mud' changes nothing). */
export const SOLUTION_ITEMS = [
  ...STAGES.filter((s) => s !== 'No Engine Mud'),
  ...SOLUTION_OPTIONS.map((o) => o.name),
] as [string, ...string[]];

const formFlag = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

/**
 * POST /api/admin/solutions/upload, multipart: the text fields of an original + modified pair
 * (files `original` and `modified`, what an engineer exports from WinOLS) for one item.
 * `softwareNumber` is used only when the server cannot read one from the original.
 */
export const uploadSolutionFieldsSchema = z.object({
  item: z.enum(SOLUTION_ITEMS, { error: 'Choose the stage or option the pair solves' }),
  softwareNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, 'A software number is 3 to 40 letters, digits, dots or dashes')
    .optional(),
  approve: formFlag('approve'),
  includesChecksum: formFlag('includesChecksum'),
});
export type UploadSolutionFields = z.infer<typeof uploadSolutionFieldsSchema>;

const SOLUTION_ID = 'Not a solution id';

/** :id of /api/admin/solutions/:id/approve and /retire. */
export const solutionIdSchema = z.object({
  id: z.coerce
    .number({ error: SOLUTION_ID })
    .int(SOLUTION_ID)
    .min(1, SOLUTION_ID)
    .max(2_147_483_647, SOLUTION_ID),
});

/**
 * GET /api/admin/solutions?q=&state=&limit=&cursor=: `q` is the start of a software number,
 * `cursor` the previous page's nextCursor (newest first, by id).
 */
export const listSolutionsQuerySchema = listQuerySchema.extend({
  state: z.enum(SOLUTION_STATES, { error: 'Unknown state' }).optional(),
});
export type ListSolutionsQuery = z.infer<typeof listSolutionsQuerySchema>;

/** A person as a solution names them. */
export interface SolutionPersonDto {
  _id: string;
  name: string;
}

/** A solution as the admin answers show it (the ranges' bytes are not in the list). */
export interface SolutionDto {
  id: number;
  maker: string | null;
  family: string | null;
  softwareNumber: string;
  hardwareNumber: string | null;
  /** The read's size: a solution applies to reads of this size only. */
  fileSize: number;
  stage: string | null;
  options: string[];
  /** The plan's items as coverage counts them (stage unless 'No Engine Mud', then options). */
  items: string[];
  rangeCount: number;
  bytesChanged: number;
  includesChecksum: boolean;
  state: SolutionState;
  approvedBy: SolutionPersonDto | null;
  approvedAt: string | null;
  retiredAt: string | null;
  timesUsed: number;
  lastUsedAt: string | null;
  createdAt: string;
  createdBy: SolutionPersonDto | null;
  /** The delivered ticket it was made from, if any (admins only ever see this). */
  sourceTicketNumber: number | null;
}

export interface SolutionListDto {
  solutions: SolutionDto[];
  nextCursor: string | null;
}

/** How one approved solution of the software fared against a ticket's read. */
export interface SolutionCandidateDto {
  solutionId: number;
  items: string[];
  /** 'matched': every range's original bytes are in the read; 'almost': one range (or the size) differs. */
  result: 'matched' | 'almost';
  /** Why not, when almost: 'range at 0x1C4A20 differs'. */
  reason: string | null;
  /** Used for the delivered or prepared file. */
  used: boolean;
}

/**
 * What matching found for a ticket: `delivered` (fully covered, delivered automatically),
 * `covered` (fully covered but not delivered: see `skipped`), `partial` (some items covered;
 * the engineer does the rest), `none`, `skipped` (not checked: no software number), or `failed`
 * (the check failed on every try of its job: see `skipped`).
 */
export interface TicketSolutionMatchDto {
  ticketNumber: number;
  outcome: 'delivered' | 'covered' | 'partial' | 'none' | 'skipped' | 'failed';
  /** Why it was not delivered automatically, when it was not (null when delivered). */
  skipped: string | null;
  softwareNumber: string | null;
  covered: string[];
  remaining: string[];
  candidates: SolutionCandidateDto[];
  checkedAt: string;
}
