/**
 * When `pnpm seed:demo` refuses to write (unless --yes-really): the demo makes verified admins
 * and thousands of accounts with known passwords, so it is for a developer's own, empty portal.
 */
export interface SeedTarget {
  nodeEnv: 'development' | 'production' | 'test';
  /** The PostgreSQL server's host; undefined: the PGlite in DATA_DIR, on this machine. */
  databaseHost: string | undefined;
  /** Accounts the demo did not make, besides the start-up admin. */
  foreignAccounts: number;
}

/** localhost, 127.0.0.0/8, ::1, or a Unix socket directory: a database on this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h.startsWith('/');
}

/** Every reason to refuse, in words for the terminal; none: the demo may be written. */
export function seedRefusals(target: SeedTarget): string[] {
  const reasons: string[] = [];
  if (target.nodeEnv === 'production') reasons.push('NODE_ENV is production');
  if (target.databaseHost !== undefined && !isLoopbackHost(target.databaseHost)) {
    reasons.push(`the database is on ${target.databaseHost}, not on this machine`);
  }
  if (target.foreignAccounts > 0) {
    reasons.push(`the database holds ${target.foreignAccounts} account(s) the demo did not make`);
  }
  return reasons;
}
