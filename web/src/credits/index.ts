/**
 * The credits feature's public module: what other features (the admin desk) may use. Anything
 * not exported here is the feature's own. Pages are not exported: the router lazy-loads them.
 */

export { PaymentColumnHeads } from './payment-columns';
