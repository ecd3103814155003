import { describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH, softwareNoteSchema, ticketNoteSchema } from './internal-notes';

describe('ticketNoteSchema', () => {
  it.each([
    [{ ticketNumber: 100001, text: 'Leave the immo bytes' }, true],
    [{ ticketNumber: '100001', text: '  trimmed  ' }, true],
    [{ ticketNumber: 100001, text: '   ' }, false],
    [{ ticketNumber: 100001 }, false],
    [{ ticketNumber: 0, text: 'x' }, false],
    [{ ticketNumber: 100001, text: 'x'.repeat(NOTE_MAX_LENGTH) }, true],
    [{ ticketNumber: 100001, text: 'x'.repeat(NOTE_MAX_LENGTH + 1) }, false],
  ])('%j -> %s', (input, ok) => {
    expect(ticketNoteSchema.safeParse(input).success).toBe(ok);
  });

  it('trims the text', () => {
    expect(ticketNoteSchema.parse({ ticketNumber: 1, text: '  a  ' }).text).toBe('a');
  });
});

describe('softwareNoteSchema', () => {
  it.each([
    ['1037541778', true],
    ['SW 1037/541.778-A', true],
    ['', false],
    ['<script>', false],
    ['x'.repeat(65), false],
  ])('%s -> %s', (softwareNumber, ok) => {
    expect(softwareNoteSchema.safeParse({ softwareNumber, text: 'note' }).success).toBe(ok);
  });
});
