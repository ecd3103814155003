// `pnpm dev`: the API (tsx watch, port 3000) and Vite (port 5173, proxying /api) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['--filter', '@ecu/api', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? '../data' },
  }),
  spawn('pnpm', ['exec', 'vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
