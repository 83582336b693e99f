/**
 * `npm run bench -- batch`: BENCH_BATCH_ITEMS (default 100) real photos (tests/fixtures/real-photos,
 * repeated with a slight brightness change each, so no two are copies) through POST /api/batches
 * with background removal on the real server as it ships (BullMQ, one worker process, its default
 * WORKER_CONCURRENCY; BENCH_BATCH_CONCURRENCY overrides it). Prints:
 *  - the engine's own single-removal time, warm, in a worker of the same server with nothing else
 *    running (the p50 of single requests), and the ideal batch pace it implies (cores ÷ that time,
 *    which assumes one removal keeps one core busy; ISNet runs on 2 threads, so the pace of one
 *    removal after another, 1 ÷ that time, is printed beside it);
 *  - the batch's total time, items per minute and its ratio to the ideal (target ≥ 0.8);
 *  - a second user's single removals sent while the batch runs (BENCH_BATCH_SINGLES, default 10):
 *    each against one removal's time (target: p99 within single time + one removal);
 *  - /healthz and the gallery's p99 while the batch runs (target < 50 ms);
 *  - the worker's RSS over the batch (flat).
 */
import { readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { signUp, startBenchApp, type BenchApp } from '../api/harness.js';
import { workerRssMb } from './background-e2e.js';

const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/real-photos');
const REQUEST_BYTES = 40 * 1024 * 1024;
const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function single(app: BenchApp, token: string, photo: Buffer): Promise<number> {
  const started = performance.now();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'single.jpg');
  const res = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!res.ok) throw new Error(`single removal failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  await res.json();
  return performance.now() - started;
}

async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return performance.now() - started;
}

export async function run(): Promise<void> {
  const items = envInt('BENCH_BATCH_ITEMS', 100);
  const singles = envInt('BENCH_BATCH_SINGLES', 10);
  const cores = os.cpus().length;
  const sources = await Promise.all((await readdir(PHOTOS)).filter((f) => f.endsWith('.jpg')).sort().map((f) => readFile(path.join(PHOTOS, f))));
  const photos = await Promise.all(Array.from({ length: items }, (_, i) =>
    sharp(sources[i % sources.length]).modulate({ brightness: 1 + (i + 1) * 0.0007 }).jpeg({ quality: 90 }).toBuffer()));

  const concurrency = process.env.BENCH_BATCH_CONCURRENCY;
  const app = await startBenchApp({ RUN_WORKERS: 'true', JOB_WAIT_TIMEOUT_MS: '600000', QUOTA_FREE: '100000', ...(concurrency ? { WORKER_CONCURRENCY: concurrency } : {}) });
  try {
    const owner = await signUp(app.url);   // premium (first account): runs the batch
    const other = await signUp(app.url);   // a second user with single requests
    // Warm: the worker loads the model on its first jobs; then the engine's own time, alone.
    for (let i = 0; i < cores; i++) await single(app, other.token, sources[i % sources.length]!);
    const alone: number[] = [];
    for (let i = 0; i < 6; i++) alone.push(await single(app, other.token, sources[i % sources.length]!));
    const singleMs = pct(alone, 50);
    const idealPerMin = (cores / (singleMs / 1000)) * 60;

    // The batch, sent as the web does (chunks under the request cap).
    const started = performance.now();
    let id = '';
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    const send = async () => {
      const form = new FormData();
      if (!id) form.append('tool', 'remove-background');
      chunk.forEach((p, i) => form.append('images', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `photo-${i}.jpg`));
      const res = await fetch(`${app.url}/api/batches${id ? `/${id}/items` : ''}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
      const body = await res.json();
      if (!res.ok) throw new Error(`batch upload failed: ${res.status} ${body.message}`);
      id = body.batch.id;
      chunk = [];
      chunkBytes = 0;
    };
    for (const photo of photos) {
      if (chunkBytes + photo.length > REQUEST_BYTES) await send();
      chunk.push(photo);
      chunkBytes += photo.length;
    }
    await send();
    const uploadedS = (performance.now() - started) / 1000;

    // While it runs: the other user's single removals, the health and gallery reads, the worker's RSS.
    let running = true;
    const singleTimes: number[] = [];
    const reads: { health: number[]; gallery: number[] } = { health: [], gallery: [] };
    const rss: number[] = [];
    const singlesDone = (async () => {
      for (let i = 0; i < singles && running; i++) {
        await sleep(2000);
        singleTimes.push(await single(app, other.token, sources[i % sources.length]!));
      }
    })();
    const readsDone = (async () => {
      while (running) {
        reads.health.push(await timed(`${app.url}/healthz`, owner.token));
        reads.gallery.push(await timed(`${app.url}/api/user/get-published-creations`, owner.token));
        await sleep(200);
      }
    })();
    let counts: Record<string, number> = {};
    for (;;) {
      const batch = (await (await fetch(`${app.url}/api/batches/${id}`, { headers: { authorization: `Bearer ${owner.token}` } })).json()).batch;
      counts = batch.counts;
      if (counts.queued + counts.active === 0) break;
      rss.push(await workerRssMb(app.pid).catch(() => 0));
      await sleep(1000);
    }
    const totalS = (performance.now() - started) / 1000;
    running = false;
    await Promise.all([singlesDone, readsDone]);

    const perMin = (counts.done / totalS) * 60;
    const ratio = perMin / idealPerMin;
    const singleP99 = pct(singleTimes, 99);
    const serialPerMin = 60_000 / singleMs;
    console.log(`\nBatch of ${items} real photos (${sources.length} photos, each copy slightly re-toned), background removal, ${cores} cores, WORKER_CONCURRENCY=${concurrency ?? 'default'}`);
    console.log(`engine alone, one removal through the product (warm, p50 of ${alone.length}): ${singleMs.toFixed(0)} ms -> ideal ${idealPerMin.toFixed(1)} items/min (cores ÷ that time); one after another ${serialPerMin.toFixed(1)} items/min`);
    console.log(`batch: ${counts.done} done, ${counts.failed} failed, ${counts.refused} refused; uploaded in ${uploadedS.toFixed(1)} s, all done in ${totalS.toFixed(1)} s`);
    console.log(`  ${perMin.toFixed(1)} items/min; ratio to the ideal ${ratio.toFixed(2)} (${ratio >= 0.8 ? 'MET' : 'NOT MET'}, target >= 0.8); to one after another ${(perMin / serialPerMin).toFixed(2)}`);
    console.log(`another user's single removals during the batch (${singleTimes.length}): ${singleTimes.map((t) => (t / 1000).toFixed(1)).join(', ')} s`);
    console.log(`  p99 ${(singleP99 / 1000).toFixed(1)} s against one removal alone ${(singleMs / 1000).toFixed(1)} s: ${singleP99 <= 2 * singleMs ? 'MET' : 'NOT MET'} (within one removal's time of its own)`);
    console.log(`/healthz p99 ${pct(reads.health, 99).toFixed(1)} ms, gallery p99 ${pct(reads.gallery, 99).toFixed(1)} ms over ${reads.health.length} reads each (target < 50 ms: ${pct(reads.health, 99) < 50 && pct(reads.gallery, 99) < 50 ? 'MET' : 'NOT MET'})`);
    const sampled = rss.filter((r) => r > 0);
    if (sampled.length) {
      const tenth = Math.max(1, Math.floor(sampled.length / 10));
      console.log(`worker RSS over the batch: first ${sampled[0]} MB, peak ${Math.max(...sampled)} MB, last ${sampled.at(-1)} MB (samples every second: ${sampled.filter((_, i) => i % tenth === 0).join(' -> ')})`);
    }
  } finally {
    await app.stop();
  }
}
