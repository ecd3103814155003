/** The tickets feature's public module: tickets as JSON, stored files, admin routes. */

export { adminTicketRoutes } from './admin-routes';
export { getTicketByNumber, ticketDtos } from './queries';
export { MULTIPART_LIMIT } from './routes';
export { removeUnreferencedFiles } from './stored-files';
export { ticketJsonTextById } from './ticket-json';
