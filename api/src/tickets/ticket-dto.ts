import type { StoredFileDto, TicketDto } from '@ecu/shared';
import type { ticketEvents, ticketFiles, tickets, users } from '../db/schema';
import type { RevisionChain } from './revisions';

type TicketRow = typeof tickets.$inferSelect;
/** What a ticket's answer needs of a stored file. */
export type FileRow = Pick<
  typeof ticketFiles.$inferSelect,
  'id' | 'ticketId' | 'kind' | 'name' | 'size' | 'sha256' | 'createdAt'
>;
type EventRow = typeof ticketEvents.$inferSelect;
/** What an admin's answer shows of a ticket's owner. */
export type OwnerRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'>;

export function fileDto(f: FileRow): StoredFileDto {
  return { id: f.id, name: f.name, size: f.size, sha256: f.sha256, url: `/api/files/${f.id}` };
}

/** The newest tuned file wins; the ECU file is the first one stored. */
export function toTicketDto(
  t: TicketRow,
  files: FileRow[],
  extra: { events?: EventRow[]; actors?: Map<string, string>; owner?: OwnerRow; chain?: RevisionChain } = {},
): TicketDto {
  const byTime = [...files].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const tuned = byTime.filter((f) => f.kind === 'tuned').at(-1);
  const ecu = byTime.find((f) => f.kind === 'ecu');
  return {
    _id: t.id,
    ticketNumber: t.ticketNumber,
    make: t.make,
    model: t.model,
    year: t.year,
    registration: t.registration,
    ecuId: t.ecuId,
    transmission: t.transmission,
    readTool: t.readTool,
    readType: t.readType,
    masterSlave: t.masterSlave,
    stage: t.stage,
    options: t.options,
    notes: t.notes,
    creditsNeed: t.creditsNeed,
    status: t.status,
    charged: t.chargedAt !== null && t.refundedAt === null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    ecuFile: ecu ? fileDto(ecu) : null,
    commonFiles: byTime.filter((f) => f.kind === 'common').map(fileDto),
    ecuTunedFile: tuned ? fileDto(tuned) : null,
    // The details calls (those with the history) also say what the ECU read says about itself.
    ...(extra.events
      ? {
          history: extra.events.map((e) => ({
            kind: e.kind,
            at: e.createdAt.toISOString(),
            by: e.actorId ? (extra.actors?.get(e.actorId) ?? null) : null,
            detail: e.detail as Record<string, unknown>,
          })),
          ecuIdentification: t.ecuIdentification ?? null,
        }
      : {}),
    ...(extra.chain ?? {}),
    ...(extra.owner
      ? {
          userId: {
            _id: extra.owner.id,
            firstName: extra.owner.firstName,
            lastName: extra.owner.lastName,
            email: extra.owner.email,
          },
        }
      : {}),
  };
}
