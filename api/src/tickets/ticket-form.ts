import {
  ADDITIONAL_FILES_MAX_BYTES,
  ADDITIONAL_FILES_MAX_COUNT,
  ECU_FILE_MAX_BYTES,
  TUNED_FILE_MAX_BYTES,
  UPLOAD_MESSAGES,
} from '@ecu/shared';
import type { FormRules, PartRule } from './multipart-stream';

/** The text fields of the create-ecuFile form (docs/product.md#4-the-upload-wizard). */
export const TICKET_FORM_FIELDS = [
  'make',
  'model',
  'year',
  'registration',
  'ecuId',
  'transmission',
  'readTool',
  'readType',
  'masterSlave',
  'stage',
  'notes',
  'clientId',
] as const;

/** The file fields of create-ecuFile, with the limits tus uploads have too. */
const TICKET_FILE_RULES: Record<string, PartRule<'ecu' | 'common'>> = {
  ecuFile: {
    kind: 'ecu',
    maxBytes: ECU_FILE_MAX_BYTES,
    tooLarge: UPLOAD_MESSAGES.ecuTooLarge,
    maxCount: 1,
    tooMany: 'Upload one ECU file.',
  },
  commonFiles: {
    kind: 'common',
    maxBytes: ADDITIONAL_FILES_MAX_BYTES,
    tooLarge: UPLOAD_MESSAGES.additionalTooLarge,
    maxCount: ADDITIONAL_FILES_MAX_COUNT,
    tooMany: UPLOAD_MESSAGES.tooManyAdditional,
  },
};

/**
 * The parts of the create-ecuFile form: options and fault codes (each part one code or a typed
 * list) may come repeated, every other field once.
 */
export const TICKET_FORM_RULES: FormRules<'ecu' | 'common'> = {
  text: {
    ...Object.fromEntries(TICKET_FORM_FIELDS.map((name) => [name, 'one' as const])),
    options: 'many',
    modificationOptions: 'many',
    dtcCodes: 'many',
  },
  files: TICKET_FILE_RULES,
};

/** The admin's tuned-file form. */
export const TUNED_FORM_RULES: FormRules<'tuned'> = {
  text: { ticketNumber: 'one' },
  files: {
    tunedFile: {
      kind: 'tuned',
      maxBytes: TUNED_FILE_MAX_BYTES,
      tooLarge: UPLOAD_MESSAGES.ecuTooLarge,
      maxCount: 1,
      tooMany: 'Upload one tuned file.',
    },
  },
};
