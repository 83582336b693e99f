/** `npm test`: install and build like `npm start` (tests run the sources; some start the compiled tree), then every test tier in one vitest run. */
import { spawn } from 'node:child_process';
import { ROOT, buildServerIfNeeded, buildWebIfNeeded, checkNode, installIfNeeded } from './prepare.mjs';

checkNode();
installIfNeeded();
buildServerIfNeeded();
buildWebIfNeeded();

const args = ['vitest', 'run', ...process.argv.slice(2)];
const child = spawn('npx', args, { cwd: ROOT, stdio: 'inherit', env: process.env });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
