import { z } from 'zod';
import type { AuditEntryDto } from '../admin/dto';
import { assignmentSettingsSchema } from '../tickets/assignment';
import { escalationSettingsSchema } from '../tickets/escalation';
import type { WorkingHours } from './working-hours';
import { workingHoursSchema } from './working-hours-schema';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/** The seller block on orders and VAT invoices. */
export const sellerSettingsSchema = z.object({
  companyName: text('Company name', 120),
  address: text('Address', 300),
  vatId: text('VAT number', 40),
});

/** The per-credit price, in pounds, that new accounts start with. */
export const pricingSettingsSchema = z.object({
  defaultPerCreditPrice: z.coerce
    .number({ error: 'Enter a valid price' })
    .refine((v) => Number.isFinite(v) && v > 0 && v <= 100_000, 'Enter a valid price')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Enter a valid price'),
});

export const supportSettingsSchema = z.object({
  supportEmail: z
    .string({ error: 'Support e-mail is required' })
    .trim()
    .min(1, 'Support e-mail is required')
    .max(254)
    .pipe(z.email('Enter a valid email address')),
});

/**
 * 'Automatic delivery': tickets fully covered by approved solutions are delivered without an
 * engineer (docs/decisions/085-solution-library.md). Off until an admin turns it on.
 */
export const automationSettingsSchema = z.object({
  automaticDelivery: z.boolean({ error: 'Automatic delivery must be on or off' }),
});

/** Every setting an admin edits on /settings, by group. */
export const adminSettingsSchema = z.object({
  seller: sellerSettingsSchema,
  pricing: pricingSettingsSchema,
  support: supportSettingsSchema,
  hours: workingHoursSchema,
  automation: automationSettingsSchema,
  assignment: assignmentSettingsSchema,
  escalation: escalationSettingsSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export type SettingsGroup = keyof AdminSettings;
export const SETTINGS_GROUPS = [
  'seller',
  'pricing',
  'support',
  'hours',
  'automation',
  'assignment',
  'escalation',
] as const satisfies SettingsGroup[];

/** PUT /admin/settings: any of the groups, each whole; the others stay as they are. */
export const updateSettingsSchema = adminSettingsSchema
  .partial()
  .refine((s) => Object.values(s).some((v) => v !== undefined), 'Nothing to save');
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

/** GET and PUT /admin/settings answer with the settings and their latest changes. */
export interface AdminSettingsDto {
  settings: AdminSettings;
  history: AuditEntryDto[];
}

/**
 * GET /api/service-status (any signed-in account): is the file service open, when it opens
 * next, and when a file sent now is expected back.
 */
export interface ServiceStatusDto {
  open: boolean;
  /** When open: the end of the current open period. */
  closesAt: string | null;
  /** When closed: the next opening; null when none is scheduled. */
  nextOpeningAt: string | null;
  timeZone: string;
  /** Files waiting (Pending or In Progress). */
  queueLength: number;
  /** When a file sent now is expected to be handled, counted in open hours; null when unknown. */
  expectedReadyAt: string | null;
  /** The same, as open minutes of work ahead. */
  expectedOpenMinutes: number;
  hours: WorkingHours;
}
