/**
 * Shared by `npm start` and `npm test`: install what is missing, and build the server (TypeScript to
 * JavaScript, beside each workspace in dist/) and the web app when their sources changed. Plain Node (no dependencies), because it runs before anything is installed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd, args, label, { quiet = false } = {}) {
  // Quiet: nothing on stdout (a CLI's stdout stays what the CLI printed); errors still show.
  if (!quiet) console.log(`> ${label}`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: quiet ? ['ignore', 2, 2] : 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestIn(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : mtime(full));
  }
  return newest;
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 10)) {
    console.error(`Craftwell needs Node.js 20.10 or newer (found ${process.versions.node}).`);
    process.exit(1);
  }
}

export function installIfNeeded() {
  const installed = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (!fs.existsSync(installed) || mtime(lock) > mtime(installed)) {
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], 'Installing dependencies (first run only)');
  }
}

export function buildWebIfNeeded() {
  const built = path.join(ROOT, 'web', 'dist', 'index.html');
  const sources = Math.max(newestIn(path.join(ROOT, 'web')), mtime(path.join(ROOT, 'package-lock.json')));
  if (!fs.existsSync(built) || sources > mtime(built)) {
    run('npm', ['run', 'build', '-w', 'web', '--silent'], 'Building the web app');
  }
}

/** How plain node runs the compiled tree (core/runtime-paths.ts: COMPILED_CONDITION). */
export const COMPILED_NODE_ARGS = ['--conditions=compiled', '--enable-source-maps'];

/** The server workspaces, compiled by `tsc -b tsconfig.workspaces.json` (project references). */
export const SERVER_WORKSPACES = ['contracts', 'core', 'queue', 'storage', 'worker', 'api'];

export function buildServerIfNeeded({ quiet = false } = {}) {
  // Touched after each build: tsc -b leaves its own files alone when nothing changed.
  const stamp = path.join(ROOT, '.tsbuild', 'server-built');
  const built = mtime(stamp);
  const stale = !built || mtime(path.join(ROOT, 'package-lock.json')) > built
    || SERVER_WORKSPACES.some((ws) => !fs.existsSync(path.join(ROOT, ws, 'dist')) || newestIn(path.join(ROOT, ws)) > built)
    || !fs.existsSync(path.join(ROOT, API_BUNDLE));
  if (!stale) return;
  run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'tsconfig.workspaces.json'], 'Building the server', { quiet });
  run(process.execPath, [path.join(ROOT, 'scripts', 'bundle-api.mjs')], 'Bundling the api', { quiet });
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, new Date().toISOString() + '\n');
}

/** The api's production entry: the compiled api bundled with its pure-JS packages (scripts/bundle-api.mjs). */
export const API_BUNDLE = 'api/dist/bundle/main.js';

/** What production runs for a server entry: the api's bundle for the api, else the compiled twin. */
export function productionEntry(sourceFromRoot) {
  return sourceFromRoot === 'api/src/main.ts' ? path.join(ROOT, API_BUNDLE) : compiledPath(sourceFromRoot);
}

/** The source a production entry is built from (the inverse of productionEntry), relative to the root; null if none. */
export function sourceOfEntry(entryFromRoot) {
  if (entryFromRoot === API_BUNDLE) return 'api/src/main.ts';
  const match = /^(\w+)\/dist\/(.+)\.js$/.exec(entryFromRoot);
  return match ? `${match[1]}/${match[2]}.ts` : null;
}

/** The compiled twin of a server source file: `api/src/main.ts` -> `<root>/api/dist/src/main.js`. */
export function compiledPath(sourceFromRoot) {
  const [workspace, ...rest] = sourceFromRoot.split('/');
  return path.join(ROOT, workspace, 'dist', ...rest).replace(/\.ts$/, '.js');
}
