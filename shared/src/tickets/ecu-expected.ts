import type { IdentifyEcuOptions } from '../ecu-identify';
import { ECU_TYPES } from './ecus';

/**
 * What the wizard's ECU picker says the file should be, for identifyEcu's mismatch warning:
 * the picker's name ('Bosch EDC17C46') and its maker. Nothing picked, nothing expected.
 */
export function expectedEcuOf(ecuId: string | null | undefined): IdentifyEcuOptions['expected'] {
  const name = ecuId?.trim();
  if (!name) return undefined;
  const maker = ECU_TYPES.find((e) => e.name === name)?.maker;
  return { ...(maker ? { maker } : {}), family: name };
}
