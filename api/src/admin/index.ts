/** The admin feature's public module: the audit trail other features write to and show. */

export { type AuditRecord, auditTrail, recordAudit } from './audit';
