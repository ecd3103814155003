import os from 'node:os';
import path from 'node:path';

/** Where the e2e run keeps its server data and received mail (shared by setup and specs). */
// Keyed by port, so two runs on one machine (E2E_PORT differs) never share or wipe data.
export const E2E_ROOT =
  process.env.E2E_ROOT ?? path.join(os.tmpdir(), `ecu-portal-e2e-${process.env.E2E_PORT ?? 4173}`);
export const MAIL_DIR = path.join(E2E_ROOT, 'mail');
export const DATA_DIR = path.join(E2E_ROOT, 'data');
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-1' };
