/** The sync feature's public module: feed positions and the pruned horizon. */

export { comparePositions, type FeedPosition } from './cursor';
export { PRUNED_THROUGH_KEY, prunedThrough } from './feed';
export type { SyncChange } from './routes';
