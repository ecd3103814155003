/** The credits feature's public module: the ledger, payment providers, admin routes. */

export { adminCreditRoutes } from './admin-routes';
export { ledgerRowsPage } from './credit-history';
export { applyCreditChange, InsufficientCreditsError } from './ledger';
export type { PaymentProvider } from './payments/provider';
export { sandboxProvider } from './payments/sandbox-provider';
export { toTransactionDto } from './transaction-dto';
