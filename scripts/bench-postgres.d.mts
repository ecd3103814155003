// Types of scripts/bench-postgres.mjs for the benches written in TypeScript.
export function scratchDatabase(
  adminUrl: string,
  name: string,
): { url: string; create(): Promise<void>; drop(): Promise<void> };
