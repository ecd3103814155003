import { z } from 'zod';

const clueKinds = ['family', 'hardwareNumber', 'softwareNumber', 'partNumber', 'vin'] as const;

/** One thing read from the file; `count` is how often it is printed, `offset` where first. */
export const ecuClueSchema = z.object({
  kind: z.enum(clueKinds),
  value: z.string(),
  maker: z.string().nullable(),
  offset: z.number().int().nonnegative(),
  count: z.number().int().positive(),
});

const ecuNameSchema = z.object({ maker: z.string().nullable(), family: z.string().nullable() });

export const ecuWarningSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('unknown-size'),
    message: z.string(),
    nearestBelow: z.number().int().nullable(),
    nearestAbove: z.number().int().nullable(),
  }),
  z.object({
    code: z.literal('partial-read'),
    message: z.string(),
    reason: z.enum(['trailing-fill', 'short-size']),
    /** 255 or 0 for a trailing fill; null for a short size. */
    fillByte: z.number().int().nullable(),
    fillLength: z.number().int().nonnegative(),
  }),
  z.object({
    code: z.literal('ecu-mismatch'),
    message: z.string(),
    expected: ecuNameSchema,
    detected: ecuNameSchema,
  }),
]);

/** What a file says about itself; plain JSON, equal in the browser and on the server. */
export const ecuIdentificationSchema = z.object({
  rulesVersion: z.number().int(),
  maker: z.string().nullable(),
  family: z.string().nullable(),
  fuel: z.enum(['diesel', 'petrol']).nullable(),
  hardwareNumber: z.string().nullable(),
  softwareNumber: z.string().nullable(),
  /** The car maker's part number of the unit (VAG 03L906018JL). */
  partNumber: z.string().nullable(),
  vin: z.string().nullable(),
  fileSize: z.number().int().nonnegative(),
  /** The file's size when it is a known flash size, else null. */
  flashSize: z.number().int().nullable(),
  clues: z.array(ecuClueSchema),
  warnings: z.array(ecuWarningSchema),
});

export type EcuClue = z.infer<typeof ecuClueSchema>;
export type EcuWarning = z.infer<typeof ecuWarningSchema>;
export type EcuIdentification = z.infer<typeof ecuIdentificationSchema>;

export interface IdentifyEcuOptions {
  /** The maker and family the tuner chose in the ECU picker. */
  expected?: { maker?: string; family?: string };
}
