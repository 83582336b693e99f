/**
 * `npm run admin|migrate|models|worker|api`: runs a server entry point from the compiled tree
 * with plain node, building it first when TypeScript is installed and the sources changed (a
 * production install has no TypeScript and runs what the image built).
 * Usage: node scripts/run.mjs <workspace>/src/<entry>.ts [args...]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { COMPILED_NODE_ARGS, ROOT, buildServerIfNeeded, productionEntry } from './prepare.mjs';

const [source, ...args] = process.argv.slice(2);
if (!source) {
  console.error('Usage: node scripts/run.mjs <workspace>/src/<entry>.ts [args...]');
  process.exit(2);
}
if (fs.existsSync(path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'))) buildServerIfNeeded({ quiet: true });
const child = spawn(process.execPath, [...COMPILED_NODE_ARGS, productionEntry(source), ...args], { cwd: process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
