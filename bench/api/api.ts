/**
 * `npm run bench -- api`: the api under 32 connections on a big community, next to a bare
 * Express hello-world measured in the same run on the same machine.
 * Seeds a scratch database (created and dropped here): 10,000 published images with 50,000
 * likes, and a user with 200 articles. Starts the real server (Redis queue) in a child process,
 * then measures each route with autocannon and prints req/s, p50, p99, the ratio to
 * hello-world (measured before and after each route) and whether each target is met. Any non-2xx reply fails the bench (exit code 1).
 * `npm run bench -- api --with-load`: instead, /healthz and the gallery while 4 background
 * removals run (real ISNet in the worker process).
 * BENCH_API_SECONDS sets the seconds per route (default 5).
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPool } from '@craftwell/core/db/pool';
import { childrenSettled, signUp, spawnServer, startBenchApp, type Child } from './harness.js';
import { formatResults, measureRoute, secondsPerRoute, type RouteResult, type RouteTarget } from './measure.js';
import { BENCH_GALLERY, seedArticles, seedGallery } from './seed.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PHOTOS = path.resolve(HERE, '../../tests/fixtures/images');
/** The page sizes the web asks for (web/src/features/community and dashboard). */
const GALLERY_PAGE = 24;
const OWN_PAGE = 20;
/** p99 under load (the removals phase) and the list reads' own targets (docs/benchmarks.md). */
const P99_TARGET_MS = 50;
const LIST_RATIO_TARGET = 0.8;
const LIST_P99_TARGET_MS = 25;
const PARALLEL_REMOVALS = 4;

function verdict(met: boolean, text: string): string {
  return `${met ? 'MET    ' : 'NOT MET'}  ${text}`;
}

/** Each route comes from its own address, so the per-IP limiter counts it like one busy client. */
let nextClient = 1;
function asClient(headers: Record<string, string> = {}): Record<string, string> {
  nextClient += 1;
  return { ...headers, 'x-forwarded-for': `10.77.0.${nextClient}` };
}

async function measureAll(targets: RouteTarget[]): Promise<RouteResult[]> {
  const results: RouteResult[] = [];
  for (const target of targets) {
    results.push(await measureRoute(target));
  }
  return results;
}

/**
 * `token` is the writer's (own creations and counters); `readerToken` and `meToken`, when given,
 * other users' for the gallery and for /api/me. Each user then stays below half of the bench's per-minute
 * limit, where calls are counted without a Redis round trip, as a real user's are: one user
 * measured on every route would pass 50,000 calls a minute and measure the later routes in the
 * near-the-limit regime (a Redis round trip per call) instead.
 */
async function routeTargets(appUrl: string, token: string, readerToken = token, meToken = token): Promise<Record<string, RouteTarget>> {
  const auth = { authorization: `Bearer ${token}` };
  const reader = { authorization: `Bearer ${readerToken}` };
  const first = await (await fetch(`${appUrl}/api/user/get-published-creations?limit=${GALLERY_PAGE}`, { headers: reader })).json();
  if (!first.nextCursor) throw new Error('the seeded gallery has no second page');
  return {
    config: { name: 'GET /api/config', url: `${appUrl}/api/config` },
    gallery: { name: `GET /api/user/get-published-creations (first ${GALLERY_PAGE})`, url: `${appUrl}/api/user/get-published-creations?limit=${GALLERY_PAGE}`, headers: reader },
    galleryNext: { name: 'GET /api/user/get-published-creations (cursor)', url: `${appUrl}/api/user/get-published-creations?limit=${GALLERY_PAGE}&cursor=${encodeURIComponent(first.nextCursor)}`, headers: reader },
    own: { name: `GET /api/user/get-user-creations (first ${OWN_PAGE})`, url: `${appUrl}/api/user/get-user-creations?limit=${OWN_PAGE}`, headers: auth },
    stats: { name: 'GET /api/user/creation-stats', url: `${appUrl}/api/user/creation-stats`, headers: auth },
    me: { name: 'GET /api/me', url: `${appUrl}/api/me`, headers: { authorization: `Bearer ${meToken}` } },
    healthz: { name: 'GET /healthz', url: `${appUrl}/healthz` },
  };
}

async function measureRoutes(hello: Child, app: Child, token: string, readerToken: string, meToken: string): Promise<RouteResult[]> {
  const appUrl = app.url;
  const t = await routeTargets(appUrl, token, readerToken, meToken);
  // Warm-up (JIT, pools, the session cache) outside the figures.
  await measureRoute({ ...t.gallery, headers: asClient(t.gallery.headers) }, { seconds: 1 });
  const order = [t.config, t.gallery, t.galleryNext, t.own, t.stats, t.me, t.healthz];
  // Hello-world is measured before the first route and after each one: a route's ratio is to the
  // mean of the two hello-world runs around it, so the other work on a shared machine, which
  // changes during a run, weighs on both sides of each ratio alike.
  const helloTarget = { name: 'hello-world (bare Express, same machine)', url: `${hello.url}/` };
  const hellos = [await measureRoute(helloTarget, { server: hello })];
  const results: RouteResult[] = [];
  for (const target of order) {
    results.push(await measureRoute({ ...target, headers: asClient(target.headers) }, { server: app }));
    hellos.push(await measureRoute(helloTarget, { server: hello }));
  }
  const helloAround = results.map((_r, i) => (hellos[i].reqPerSec + hellos[i + 1].reqPerSec) / 2);
  const helloCpuAround = results.map((_r, i) => (hellos[i].cpuPerRequest! + hellos[i + 1].cpuPerRequest!) / 2);
  const [config, gallery, galleryNext, own, , me] = results;
  const ratioOf = (r: RouteResult) => helloAround[results.indexOf(r)];
  const helloRates = hellos.map((h) => h.reqPerSec);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const helloMean = { ...hellos[0], reqPerSec: mean(helloRates), cpuPerRequest: mean(hellos.map((h) => h.cpuPerRequest!)) };
  console.log(formatResults([helloMean, ...results], [helloMean.reqPerSec, ...helloAround], [helloMean.cpuPerRequest, ...helloCpuAround]));
  console.log(`(hello-world: mean of ${hellos.length} runs, ${Math.round(Math.min(...helloRates))}–${Math.round(Math.max(...helloRates))} req/s; each route's ratio is to the two runs around it)`);
  console.log('(CPU/req: the server process\'s CPU time per request; CPU ratio: hello-world\'s over the route\'s, what the req/s ratio would be with a core to itself)');

  const ratio = (r: RouteResult) => r.reqPerSec / ratioOf(r);
  const listTarget = (r: RouteResult) =>
    verdict(ratio(r) >= LIST_RATIO_TARGET && r.p99 < LIST_P99_TARGET_MS, `${r.name}: ${ratio(r).toFixed(2)} of hello-world (target >= ${LIST_RATIO_TARGET}), p99 ${r.p99} ms (target < ${LIST_P99_TARGET_MS})`);
  console.log('\nTargets at 32 connections:');
  console.log(listTarget(gallery));
  console.log(listTarget(galleryNext));
  console.log(listTarget(own));
  console.log(verdict(me.reqPerSec / config.reqPerSec >= 0.5, `GET /api/me: ${(me.reqPerSec / config.reqPerSec).toFixed(2)} of /api/config (target >= 0.5)`));
  return [...hellos, ...results];
}

/** Keeps `parallel` background removals running through the product path until stopped. */
function keepRemoving(appUrl: string, token: string, photo: Buffer, parallel: number): { stop(): Promise<number> } {
  let stopping = false;
  let done = 0;
  const auth = { authorization: `Bearer ${token}` };
  const oneRemoval = async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const started = await fetch(`${appUrl}/api/ai/remove-image-background?async=1`, { method: 'POST', headers: auth, body: form });
    const { jobId } = await started.json();
    if (started.status !== 202) throw new Error(`removal refused: ${started.status}`);
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const job = await (await fetch(`${appUrl}/api/jobs/${jobId}`, { headers: auth })).json();
      if (job.state === 'completed') return;
      if (job.state === 'failed') throw new Error(`removal failed: ${job.message}`);
    }
  };
  const loops = Array.from({ length: parallel }, async () => {
    while (!stopping) {
      await oneRemoval();
      done += 1;
    }
  });
  return {
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return done;
    },
  };
}

/** Waits (at most a minute) until /readyz reports every queue's worker present. */
async function workersReady(appUrl: string): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${appUrl}/readyz`).then((r) => r.json() as Promise<{ status?: string }>, () => null);
    if (ready?.status === 'ready') return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function measureUnderLoad(appUrl: string, appPid: number, token: string): Promise<RouteResult[]> {
  const t = await routeTargets(appUrl, token);
  // "Idle" means a started worker waiting for jobs, not one still starting up beside the api:
  // ready, and then done warming up (its threads load their modules and PDF readers after it).
  if (!(await workersReady(appUrl))) console.log('(the worker did not report ready within 60 s; measuring anyway)');
  const settled = await childrenSettled(appPid);
  console.log(settled === null ? '(the worker was still busy after 60 s; measuring anyway)' : `(worker settled ${settled} s after ready)`);
  const cheap = [t.healthz, t.gallery];
  const idle = await measureAll(cheap.map((target) => ({ ...target, name: `${target.name} idle`, headers: asClient(target.headers) })));
  const photo = await readFile(path.join(PHOTOS, 'messi5.jpg'));
  const removals = keepRemoving(appUrl, token, photo, PARALLEL_REMOVALS);
  // Let the worker load ISNet and all four removals get going before measuring.
  await new Promise((r) => setTimeout(r, 8_000));
  const loaded = await measureAll(cheap.map((target) => ({ ...target, name: `${target.name} with ${PARALLEL_REMOVALS} removals`, headers: asClient(target.headers) })));
  const finished = await removals.stop();
  console.log(formatResults([...idle, ...loaded], idle[0]));
  console.log(`(${finished} removals finished while measuring; ratio column relative to idle /healthz)`);
  console.log(`\nTarget: p99 < ${P99_TARGET_MS} ms while ${PARALLEL_REMOVALS} background removals run:`);
  for (const r of loaded) console.log(verdict(r.p99 < P99_TARGET_MS, `${r.name}: p99 ${r.p99} ms`));
  return [...idle, ...loaded];
}

export async function run(): Promise<void> {
  const withLoad = process.argv.includes('--with-load');
  console.log(`${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${secondsPerRoute()} s per route, 32 connections`);
  const app = await startBenchApp({ RUN_WORKERS: withLoad ? 'true' : 'false', WORKER_CONCURRENCY: String(PARALLEL_REMOVALS) });
  let hello: Child | null = null;
  let results: RouteResult[] = [];
  try {
    // The first account is the administrator on the premium plan: no quota stops the load.
    const writer = await signUp(app.url);
    const db = createPool(app.databaseUrl, 2);
    const seeding = performance.now();
    await seedGallery(db);
    await seedArticles(db, writer.userId, 200);
    await db.end();
    console.log(`seeded ${BENCH_GALLERY.images} published images, ${BENCH_GALLERY.likes} likes, 200 articles in ${Math.round(performance.now() - seeding)} ms\n`);

    if (withLoad) {
      results = await measureUnderLoad(app.url, app.pid, writer.token);
    } else {
      hello = await spawnServer('hello', {});
      const reader = await signUp(app.url);
      const visitor = await signUp(app.url);
      results = await measureRoutes(hello, app, writer.token, reader.token, visitor.token);
    }
  } finally {
    await hello?.stop();
    await app.stop();
  }
  const failed = results.filter((r) => r.failed);
  if (failed.length) {
    throw new Error(`the bench saw failing replies on: ${failed.map((r) => `${r.name} (${r.non2xx} non-2xx, ${r.errors} errors)`).join('; ')}`);
  }
}
