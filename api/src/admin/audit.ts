import type { AuditEntryDto, PersonRef } from '@ecu/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
import { personRefs } from '../accounts';
import type { Db, Tx } from '../db/client';
import { type AUDIT_TARGETS, adminAudit } from '../db/schema';

type AuditTarget = (typeof AUDIT_TARGETS)[number];
type AuditRow = typeof adminAudit.$inferSelect;

export interface AuditRecord {
  actorId: string;
  /** 'user.role', 'user.disable', 'settings.update', ... (see AuditEntryDto). */
  action: string;
  targetType: AuditTarget;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Append what an admin did; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db | Tx, entry: AuditRecord): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * A CSV export: who took which export with which filter, and how many rows it held. It goes on
 * the exporting admin's own trail (target: that admin): an export names many people, and the
 * trail of each would be as many rows as the export.
 */
export async function recordExport(
  db: Db | Tx,
  entry: { actorId: string; export: 'users' | 'transactions'; filter: Record<string, unknown>; rows: number },
): Promise<void> {
  await recordAudit(db, {
    actorId: entry.actorId,
    action: `export.${entry.export}`,
    targetType: 'user',
    targetId: entry.actorId,
    after: { filter: entry.filter, rows: entry.rows },
  });
}

function toAuditDto(row: AuditRow, people: Map<string, PersonRef>): AuditEntryDto {
  return {
    id: row.id,
    action: row.action,
    actor: row.actorId ? (people.get(row.actorId) ?? null) : null,
    targetType: row.targetType,
    targetId: row.targetId,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A target's audit trail, newest first, keyset-paged by id (cursor: the last id seen). */
export async function auditTrail(
  db: Db,
  params: { targetType: AuditTarget; targetId?: string; limit: number; beforeId?: number },
): Promise<{ rows: AuditEntryDto[]; nextCursor: string | null }> {
  const found = await db
    .select()
    .from(adminAudit)
    .where(
      and(
        eq(adminAudit.targetType, params.targetType),
        params.targetId === undefined ? undefined : eq(adminAudit.targetId, params.targetId),
        params.beforeId === undefined ? undefined : lt(adminAudit.id, params.beforeId),
      ),
    )
    .orderBy(desc(adminAudit.id))
    .limit(params.limit + 1);
  const page = found.slice(0, params.limit);
  const people = await personRefs(
    db,
    page.map((r) => r.actorId),
  );
  return {
    rows: page.map((r) => toAuditDto(r, people)),
    nextCursor: found.length > params.limit ? String(page.at(-1)!.id) : null,
  };
}
