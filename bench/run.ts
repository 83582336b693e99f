/**
 * `npm run bench [-- name ...]`: runs the benchmarks and prints their figures. With names, only
 * those run (e.g. `npm run bench -- queue background`).
 */
const BENCHES: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  queue: () => import('./queue/round-trip.js'),
  'api-start': () => import('./api/start-time.js'),
  api: () => import('./api/api.js'),
  'resume-analysis': () => import('./text/resume-analysis.bench.js'),
  'resume-ocr': () => import('./text/resume-ocr.bench.js'),
  'article-overhead': () => import('./text/article-overhead.bench.js'),
  background: () => import('./image/background.js'),
  image: () => import('./image/background-e2e.js'),
  allocator: () => import('./image/allocator.js'),
  'object-removal': () => import('./image/object-removal.js'),
  'model-sessions': () => import('./image/model-sessions.js'),
  batch: () => import('./image/batch.js'),
  'object-heldout': () => import('./image/object-heldout.js'),
  'resume-heldout': () => import('./text/resume-heldout.js'),
  footprint: () => import('./footprint.js'),
};

// Options with a value (--root <dir>) belong to a benchmark, not to the list of names.
const args = process.argv.slice(2);
/** Short names people type. */
const ALIASES: Record<string, string> = { object: 'object-removal' };
const wanted = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--root').map((a) => ALIASES[a] ?? a);
const unknown = wanted.filter((w) => !(w in BENCHES));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  await (await BENCHES[name]()).run();
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(0);
