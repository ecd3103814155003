import { lazy } from 'react';

/*
 * The admin halves of two routes that other features own: /dashboard (the dashboard feature)
 * and /transactions (credits). Each page keeps its own chunk, loaded only when an admin opens
 * the route; the two wrappers here share one small chunk.
 */
export const AdminOverviewPage = lazy(() => import('./overview/overview-page'));
export const AdminTransactionsPage = lazy(() => import('./transactions-page'));
