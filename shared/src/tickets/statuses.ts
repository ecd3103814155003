/**
 * A ticket's statuses (docs/product.md#5-tickets), apart from the zod schemas: a screen that
 * only shows a status (the dashboard's first paint) does not load zod for it
 * (docs/decisions/084-paint-from-device.md).
 */
export const TICKET_STATUSES = ['Pending', 'In Progress', 'Completed', 'Failed', 'Unlocked'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
