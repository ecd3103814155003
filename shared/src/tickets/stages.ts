export const STAGES = [
  'No Engine Mud',
  'Eco',
  'Stage 1',
  'Stage 2',
  'Gear Box',
  'Original File (Back To Stock)',
  'ECU Cloning',
] as const;
export type Stage = (typeof STAGES)[number];

/** Stages that take no options (spec section 2, Modification Plan). */
export const STAGES_WITHOUT_OPTIONS: readonly Stage[] = [
  'Gear Box',
  'Original File (Back To Stock)',
  'ECU Cloning',
];

/** Stages with which the 18 free solutions cost nothing (DECISIONS 7). */
export const STAGES_WITH_FREE_SOLUTIONS: readonly Stage[] = ['Stage 1', 'Stage 2'];

/** Makes whose ECUs cost 2 credits: the ALFA, ASTON MARTIN and BMW/MINI families. */
export const TWO_CREDIT_MAKES = ['Alfa Romeo', 'Aston Martin', 'BMW', 'MINI'] as const;
