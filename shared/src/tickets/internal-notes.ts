import { z } from 'zod';
import { ticketNumberSchema } from './schemas';

/** The longest internal note, in characters (the database checks it too). */
export const NOTE_MAX_LENGTH = 4000;

const noteText = z
  .string({ error: 'Write a note' })
  .trim()
  .min(1, 'Write a note')
  .max(NOTE_MAX_LENGTH, `A note is at most ${NOTE_MAX_LENGTH} characters`);

/** POST /admin/tickets/notes: a staff note on one ticket. */
export const ticketNoteSchema = z.object({
  ticketNumber: ticketNumberSchema.shape.ticketNumber,
  text: noteText,
});
export type TicketNoteInput = z.infer<typeof ticketNoteSchema>;

/** A software number as ECU reads carry it: letters, digits and a few separators. */
export const softwareNumberSchema = z
  .string({ error: 'softwareNumber is required' })
  .trim()
  .min(1, 'softwareNumber is required')
  .max(64, 'softwareNumber is too long')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, 'softwareNumber has characters a software number does not');

/** POST /admin/software-notes: a staff note on one software version, shown on its tickets. */
export const softwareNoteSchema = z.object({ softwareNumber: softwareNumberSchema, text: noteText });
export type SoftwareNoteInput = z.infer<typeof softwareNoteSchema>;

/** One internal note as staff see it. */
export interface InternalNoteDto {
  id: string;
  text: string;
  /** The author's name, or 'Former staff' once the account is gone. */
  author: string;
  createdAt: string;
}

/** GET /admin/tickets/notes: the ticket's notes and those of its read's software, oldest first. */
export interface TicketNotesDto {
  ticketNumber: number;
  softwareNumber: string | null;
  ticketNotes: InternalNoteDto[];
  softwareNotes: InternalNoteDto[];
}
