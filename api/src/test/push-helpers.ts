/**
 * The notifications' test helpers (api/src/notifications/test/) for the tests of other features,
 * which import no feature's inner files (docs/decisions/080-api-feature-boundaries.md).
 */

export * from '../notifications/test/push-service';
