/** The sync's test helpers (api/src/sync/test/) for the tests of other features (docs/decisions/080-api-feature-boundaries.md). */

export { feedSettled } from '../sync/test/settled';
