/** `npm start`: install, build, then run the api (which starts Postgres, the queue and workers). */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildWebIfNeeded, checkNode, installIfNeeded } from './prepare.mjs';

checkNode();
installIfNeeded();
buildWebIfNeeded();

const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Ctrl-C reaches the whole process group; a plain `kill` of this launcher is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => { if (child.exitCode === null) child.kill(signal); });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
