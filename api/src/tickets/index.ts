/** The tickets feature's public module: tickets as the API answers them, stored files, admin routes. */

export { adminTicketRoutes } from './admin-routes';
export { assignmentRoutes } from './assignment';
export { type AutomaticDelivery, deliverAutomatically } from './automatic-delivery';
export { counterOfferDeskRoutes } from './counter-offers';
export { dtcCodeRoutes } from './dtc-codes';
export { identifyStoredEcu, readIdentifiedQueue, readWhole } from './identify-ecu-file';
export { internalNoteRoutes } from './internal-notes';
export { type FormRules, fieldText, readMultipartForm } from './multipart-stream';
export { getTicketByNumber } from './queries';
export { MULTIPART_LIMIT } from './routes';
export { removeUnreferencedFiles } from './stored-files';
export { ticketsByIds } from './ticket-read';
