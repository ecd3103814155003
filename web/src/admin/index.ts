/**
 * The admin desk's public module: what other features may use. Its own pages are the router's
 * (app/routes.ts); the two here are lazy, so importing this module loads no admin code.
 */
export { AdminOverviewPage, AdminTransactionsPage } from './lazy-pages';
