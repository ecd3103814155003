import {
  type AdminSettings,
  assignmentSettingsSchema,
  automationSettingsSchema,
  DEFAULT_ASSIGNMENT_SETTINGS,
  DEFAULT_ESCALATION_SETTINGS,
  DEFAULT_WORKING_HOURS,
  escalationSettingsSchema,
  penceToPounds,
  poundsToPence,
  pricingSettingsSchema,
  SETTINGS_GROUPS,
  type SettingsGroup,
  sellerSettingsSchema,
  supportSettingsSchema,
  type UpdateSettingsInput,
  workingHoursSchema,
} from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../admin';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { settings, users } from '../db/schema';
import type { UserRow } from '../http/context';
import type { Logger } from '../platform/logger';

const GROUP_SCHEMAS: { [G in SettingsGroup]: z.ZodType<AdminSettings[G]> } = {
  seller: sellerSettingsSchema,
  pricing: pricingSettingsSchema,
  support: supportSettingsSchema,
  hours: workingHoursSchema,
  automation: automationSettingsSchema,
  assignment: assignmentSettingsSchema,
  escalation: escalationSettingsSchema,
};

/** What a group is until an admin saves it: the COMPANY_* and SUPPORT_EMAIL configuration. */
export function defaultSettings(config: Config): AdminSettings {
  return {
    seller: {
      companyName: config.company.name,
      address: config.company.address,
      vatId: config.company.vatId,
    },
    // The users column's default, so that sign-ups before and after this setting agree.
    pricing: { defaultPerCreditPrice: penceToPounds(users.perCreditPricePence.default as number) },
    support: { supportEmail: config.company.supportEmail },
    hours: DEFAULT_WORKING_HOURS,
    // Off on a fresh install: an admin turns automatic delivery on once solutions are approved.
    automation: { automaticDelivery: false },
    // Off on a fresh install: tickets wait unassigned until someone takes them.
    assignment: DEFAULT_ASSIGNMENT_SETTINGS,
    // Off on a fresh install: no ticket is overdue until an admin sets thresholds.
    escalation: DEFAULT_ESCALATION_SETTINGS,
  };
}

function isGroup(key: string): key is SettingsGroup {
  return (SETTINGS_GROUPS as readonly string[]).includes(key);
}

function withGroup<G extends SettingsGroup>(
  target: AdminSettings,
  group: G,
  value: unknown,
): { ok: true } | { ok: false; error: z.ZodError } {
  const parsed = GROUP_SCHEMAS[group].safeParse(value);
  if (!parsed.success) return { ok: false, error: parsed.error };
  target[group] = parsed.data;
  return { ok: true };
}

/**
 * Stored groups over the defaults. Read on every call (four tiny rows by primary key): several
 * API processes share the database, so a process-local cache would go stale. A stored value that
 * no longer parses (a schema got stricter) falls back to the default for its group.
 */
export async function getSettings(db: Db | Tx, config: Config, logger?: Logger): Promise<AdminSettings> {
  const result = defaultSettings(config);
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  for (const row of rows) {
    if (!isGroup(row.key)) continue;
    const applied = withGroup(result, row.key, row.value);
    if (!applied.ok) {
      logger?.warn(
        `[settings] the stored '${row.key}' settings no longer parse; using the defaults:`,
        applied.error.issues[0]?.message,
      );
    }
  }
  return result;
}

/** JSON with object keys sorted: jsonb reorders keys, so compare values this way. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Saves the given groups, each whole, in one transaction, with an audit row
 * ('settings.update', target = the group, before/after) for each group whose value changed.
 * A group saved unchanged is neither written nor audited.
 */
export async function updateSettings(
  db: Db,
  config: Config,
  actor: UserRow,
  input: UpdateSettingsInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = new Map(
      (await tx.select().from(settings).for('update')).map((row) => [row.key, row.value] as const),
    );
    const before = defaultSettings(config);
    for (const [key, value] of stored) if (isGroup(key)) withGroup(before, key, value);

    for (const group of SETTINGS_GROUPS) {
      const next = input[group];
      if (next === undefined) continue;
      const raw = stored.get(group);
      if (raw !== undefined && canonicalJson(raw) === canonicalJson(next)) continue;
      await tx
        .insert(settings)
        .values({ key: group, value: next, updatedBy: actor.id })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: next, updatedBy: actor.id, updatedAt: sql`now()` },
        });
      if (canonicalJson(before[group]) === canonicalJson(next)) continue;
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'settings.update',
        targetType: 'settings',
        targetId: group,
        before: before[group] as Record<string, unknown>,
        after: next as Record<string, unknown>,
      });
    }
  });
}

/** The per-credit price, in pence, that a new account starts with. */
export async function newAccountPricePence(db: Db, config: Config, logger?: Logger): Promise<number> {
  const { pricing } = await getSettings(db, config, logger);
  return poundsToPence(pricing.defaultPerCreditPrice);
}

/** The seller block of orders and invoices, in the shape of the configuration's `company`. */
export function companyOf(s: AdminSettings): Config['company'] {
  return {
    name: s.seller.companyName,
    address: s.seller.address,
    vatId: s.seller.vatId,
    supportEmail: s.support.supportEmail,
  };
}

/**
 * Gives a just-created account the settings' default per-credit price (the users column's
 * default is the fallback when nothing is saved); answers the updated row.
 */
export async function applyNewAccountPrice(
  db: Db,
  config: Config,
  userId: string,
  logger?: Logger,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ perCreditPricePence: await newAccountPricePence(db, config, logger) })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
