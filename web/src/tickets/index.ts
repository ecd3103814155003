/**
 * The tickets feature's public module: what other features (the admin desk) may use. Anything
 * not exported here is the feature's own. Pages are not exported: the router lazy-loads them.
 */

export {
  adminTicketsApi,
  type EcuFilesQuery,
  parseTicketNumber,
  type StatusChange,
  type StoredFile,
  type TicketEvent,
  type TicketView,
} from './common/api';
export { EcuIdentificationView } from './common/ecu-identification';
export { ticketsNewestFirst } from './common/local-tickets';
export {
  ADMIN_MESSAGES,
  bannerFor,
  STATUS_TONE,
  type StatusTone,
  statusTone,
  ticketStatus,
} from './common/status';
export {
  AwaitingCustomerBadge,
  DetailsCard,
  type FileEntry,
  FileItem,
  formatPrice,
  HistoryCard,
  Plate,
  RequestCard,
  StatusBadge,
  TicketSubtitle,
  vehicleName,
} from './common/ticket-cards';
export { RevisionChain } from './details/revision-chain';
