/** The uploads feature's public module: finishing and sweeping tus uploads. */

export { sweepExpiredUploads } from './cleanup';
export { finishIfStored } from './finish';
