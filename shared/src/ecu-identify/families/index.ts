import { bosch } from './bosch';
import { continental } from './continental';
import { delphi } from './delphi';
import { denso } from './denso';
import { marelli } from './marelli';
import type { MakerRule } from './rule';
import { vag } from './vag';

/** Every maker we recognise; on a tie of clues the earlier one wins. */
export const MAKER_RULES: readonly MakerRule[] = [bosch, continental, delphi, denso, marelli, vag];
