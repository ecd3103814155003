export const TRANSMISSIONS = ['Automatic', 'Manual', 'SemiAutomatic'] as const;
export const READ_TOOLS = ['KESS', 'KTAG', 'MPPS', 'Galletto', 'CMD Flash', 'MagPro2'] as const;
export const READ_TYPES = ['OBD', 'Boot Mode', 'Bench', 'EEPROM'] as const;
export const MASTER_SLAVE = ['Master', 'Slave'] as const;

export type Transmission = (typeof TRANSMISSIONS)[number];
export type ReadTool = (typeof READ_TOOLS)[number];
export type ReadType = (typeof READ_TYPES)[number];
export type MasterSlave = (typeof MASTER_SLAVE)[number];

/** Registrations compare with case and spaces ignored (docs/product.md#7-ticket-price). */
export function normaliseRegistration(registration: string): string {
  return registration.replace(/\s+/g, '').toUpperCase();
}
