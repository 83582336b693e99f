/** `npm run dev`: the api with reload on :3001 and the Vite dev server (proxying to it) on :3000. */
import { spawn } from 'node:child_process';
import { ROOT, checkNode, installIfNeeded } from './prepare.mjs';

checkNode();
installIfNeeded();

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/src/main.ts'], {
    cwd: ROOT, stdio: 'inherit', env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
  }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort'], {
    cwd: `${ROOT}/web`, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = (signal) => { for (const c of children) if (c.exitCode === null) c.kill(signal); };
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; });
