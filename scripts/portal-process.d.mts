// Types of scripts/portal-process.mjs for the TypeScript that starts the portal (the browser tests).
export const PORTAL_ENTRY: string;
export const PORTAL_NODE_ARGS: string[];
export function portalNodeArgs(): string[];
export const PORTAL_PROCESS_ENV: Record<string, string>;
export function benchProcessEnv(): Record<string, string>;
