/** The accounts feature's public module: sign-in gates, users and their mails (docs/decisions/080-api-feature-boundaries.md). */

export { ensureAdmin, GENERATED_ADMIN_EMAIL } from './admin-bootstrap';
// A type only: better-auth loads on first use (lazy-auth.ts, docs/decisions/048-lazy-auth.md).
export type { Auth } from './auth';
export { currentUser, GATE_MESSAGES, passGates, requireAccount } from './gates';
export { hashPassword } from './password-hash';
export { getUserById, personRefs, TERMS_VERSION } from './queries';
export { RATE_LIMITS } from './rate-limits';
export { toUserDto } from './user-dto';
export { queueVerificationMail } from './verification-link';
