import { type CompiledRules, chooseMaker, compileRules, findClues, pick } from './clues';
import { MAKER_RULES } from './families';
import { isKnownFlashSize } from './flash-sizes';
import { scanAsciiRuns } from './scan';
import type { EcuIdentification, IdentifyEcuOptions } from './schema';
import { mismatchWarnings, sizeWarnings, trailingFillWarnings } from './warnings';

export { KNOWN_FLASH_SIZES } from './flash-sizes';
export {
  type EcuClue,
  type EcuIdentification,
  type EcuWarning,
  ecuClueSchema,
  ecuIdentificationSchema,
  ecuWarningSchema,
  type IdentifyEcuOptions,
} from './schema';

/**
 * Raised when a rule change could change the answer for a file already identified, so a
 * stored result can be told apart from a fresh one and worked out again.
 */
export const ECU_IDENTIFY_RULES_VERSION = 1;

// Compiled on first use: importing the package costs nothing to screens that never identify.
let compiled: CompiledRules | undefined;

/** The clues shown with the result: enough to explain it, bounded for storage. */
const MAX_CLUES = 40;

/**
 * What an ECU read says about itself, from the identifiers it prints in clear text. Pure and
 * synchronous: the same bytes give the same JSON in a Web Worker and on the server. It only
 * informs; nothing here rejects a file (docs/decisions/034-ecu-identification.md).
 */
export function identifyEcu(bytes: Uint8Array, options: IdentifyEcuOptions = {}): EcuIdentification {
  compiled ??= compileRules(MAKER_RULES);
  const found = findClues(scanAsciiRuns(bytes), compiled);
  const rule = chooseMaker(found, MAKER_RULES);
  // Clues of the chosen maker and those that name no maker (VIN, car maker's part numbers);
  // another maker's strong clues are kept to show, its weak ones are noise.
  const used = found.filter((c) => c.maker === null || c.maker === rule?.maker);
  const shown = found.filter((c) => c.strong || c.maker === rule?.maker);
  const family = rule ? pick(used, 'family') : null;
  const hardware = rule ? pick(used, 'hardwareNumber') : null;
  const maker = rule?.maker ?? null;
  const familyName = family?.value ?? null;
  return {
    rulesVersion: ECU_IDENTIFY_RULES_VERSION,
    maker,
    family: familyName,
    fuel: family?.fuel ?? hardware?.fuel ?? null,
    hardwareNumber: hardware?.value ?? null,
    softwareNumber: rule ? (pick(used, 'softwareNumber')?.value ?? null) : null,
    partNumber: pick(used, 'partNumber')?.value ?? null,
    vin: pick(used, 'vin')?.value ?? null,
    fileSize: bytes.length,
    flashSize: isKnownFlashSize(bytes.length) ? bytes.length : null,
    clues: shown.slice(0, MAX_CLUES).map(({ kind, value, maker, offset, count }) => ({
      kind,
      value,
      maker,
      offset,
      count,
    })),
    warnings: [
      ...sizeWarnings(bytes.length),
      ...trailingFillWarnings(bytes),
      ...mismatchWarnings(options.expected, { maker, aliases: rule?.aliases ?? [], family: familyName }),
    ],
  };
}
