/**
 * The chat's test helpers (api/src/chat/test/) for the tests of other features, which import no
 * feature's inner files (docs/decisions/080-api-feature-boundaries.md).
 */

export * from '../chat/test/chat-client';
export * from '../chat/test/fixtures';
export * from '../chat/test/raw-socket';
