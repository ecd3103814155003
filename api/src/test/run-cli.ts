import { spawn } from 'node:child_process';
import path from 'node:path';

const API_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * Runs one of the api's command-line entries from its TypeScript source (`src/...`) in a process
 * of its own, with only PATH and `env` in its environment, and `stdin` written to it.
 */
export function runCli(entry: string, args: string[], env: Record<string, string>, stdin = '') {
  const proc = spawn(path.join(API_DIR, 'node_modules/.bin/tsx'), [entry, ...args], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  proc.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    proc.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}
