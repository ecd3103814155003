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

/** Stages that take no options (docs/product.md#4-the-upload-wizard, step 2). */
export const STAGES_WITHOUT_OPTIONS: readonly Stage[] = [
  'Gear Box',
  'Original File (Back To Stock)',
  'ECU Cloning',
];

/** Stages with which the 18 free solutions cost nothing (docs/product.md#7-ticket-price). */
export const STAGES_WITH_FREE_SOLUTIONS: readonly Stage[] = ['Stage 1', 'Stage 2'];

/** Makes whose ECUs cost 2 credits: the ALFA, ASTON MARTIN and BMW/MINI families. */
export const TWO_CREDIT_MAKES = ['Alfa Romeo', 'Aston Martin', 'BMW', 'MINI'] as const;
