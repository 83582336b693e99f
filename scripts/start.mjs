/** `npm start`: install, build, then run the api (which starts Postgres, the queue and workers). */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildWebIfNeeded, checkNode, installIfNeeded } from './prepare.mjs';

checkNode();
installIfNeeded();
buildWebIfNeeded();

// The api runs in its own process group, so Ctrl-C reaches only this launcher, which passes it on:
// the api then stops its workers, Redis and Postgres in order instead of all at once. The IPC
// channel lets the api notice if this launcher dies.
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
  cwd: ROOT,
  detached: true,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => { if (child.exitCode === null) child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal); });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
