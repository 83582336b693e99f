/** `npm start`: install, build, then run the api's bundle (which starts Postgres, the queue and workers). */
import { spawn } from 'node:child_process';
import { COMPILED_NODE_ARGS, ROOT, buildServerIfNeeded, buildWebIfNeeded, checkNode, installIfNeeded, productionEntry } from './prepare.mjs';

checkNode();
installIfNeeded();
buildServerIfNeeded();
buildWebIfNeeded();

// The api runs in its own process group, so Ctrl-C reaches only this launcher, which passes it on:
// the api then stops its workers, Redis and Postgres in order instead of all at once. The IPC
// channel lets the api notice if this launcher dies.
const child = spawn(process.execPath, [...COMPILED_NODE_ARGS, productionEntry('api/src/main.ts')], {
  cwd: ROOT,
  detached: true,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // A fixed glibc mmap threshold (1 MB): glibc otherwise raises it after the first large free and
  // keeps inference buffers in fragmented heaps, and a worker's RSS climbs (641 -> 775 MB over 20
  // removals, ~980 MB by 30) instead of staying flat (438 -> 455 MB), for ~10% more CPU in page
  // faults (`npm run bench -- allocator`). The api passes it on to its workers.
  env: { NODE_ENV: 'production', MALLOC_MMAP_THRESHOLD_: '1048576', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => { if (child.exitCode === null) child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal); });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
