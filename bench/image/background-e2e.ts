/**
 * `npm run bench -- image`: background removal where users feel it, through the whole product
 * path (upload -> queue -> worker process -> stored PNG -> download) of the real server, next
 * to the library's removeBackground() on the same real photos, p50 of each and the ratio.
 * Then a soak (BENCH_BG_SOAK removals, default 200) sampling the worker process's RSS, and the
 * small (quantised) ISNet through the same path (BG_ISNET_MODEL=small): its speed and the IoU of
 * its cut-outs against medium's. BENCH_BG_ROUNDS (default 2) sets the passes over the photos.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { maskIou } from './mask-iou.js';
import { signUp, startBenchApp, type BenchApp } from '../api/harness.js';

const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/real-photos');
/** Real photos (tests/fixtures/SOURCES.md): people, animals, a car, outdoors. */
const PHOTO_FILES = ['darknet-dog.jpg', 'darknet-person.jpg', 'iopaint-dog.jpg', 'rembg-car-1.jpg'];
const RSS_LIMIT_MB = 1024;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

interface Photo { name: string; bytes: Buffer }

async function loadPhotos(): Promise<Photo[]> {
  return Promise.all(PHOTO_FILES.map(async (name) => ({ name, bytes: await readFile(path.join(PHOTOS, name)) })));
}

/** One removal as the web does it: upload, wait for the job's result, download the PNG. */
async function removeThroughProduct(app: BenchApp, token: string, photo: Photo): Promise<{ ms: number; png: Buffer }> {
  const started = performance.now();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo.bytes)], { type: 'image/jpeg' }), photo.name);
  const res = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await res.json();
  if (!res.ok || !body.success) throw new Error(`removal failed: ${res.status} ${body.message}`);
  const download = await fetch(new URL(body.content, app.url));
  if (!download.ok) throw new Error(`download failed: ${download.status}`);
  const png = Buffer.from(await download.arrayBuffer());
  return { ms: performance.now() - started, png };
}

async function libraryRemover(): Promise<(photo: Photo) => Promise<number>> {
  const { removeBackground } = await import('@imgly/background-removal-node');
  const dist = path.dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
  const config = { model: 'medium' as const, publicPath: `${pathToFileURL(dist).href}/`, output: { format: 'image/png' as const } };
  return async (photo) => {
    const started = performance.now();
    const blob = await removeBackground(new Blob([new Uint8Array(photo.bytes)], { type: 'image/jpeg' }), config);
    await blob.arrayBuffer();
    return performance.now() - started;
  };
}

/** Resident memory of the api's job worker process (its child running worker/src/main.ts). */
export async function workerRssMb(appPid: number): Promise<number> {
  const children = (await readFile(`/proc/${appPid}/task/${appPid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
  for (const pid of children) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('worker/src/main.ts')) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  }
  throw new Error('the worker process was not found');
}

/** Intersection over union of the opaque (alpha >= 128) pixels of two cut-outs. */
async function alphaIou(a: Buffer, b: Buffer): Promise<number> {
  const alphaOf = (png: Buffer) => sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer();
  const [x, y] = await Promise.all([alphaOf(a), alphaOf(b)]);
  return maskIou(x, y);
}

async function withApp<T>(model: 'medium' | 'small', work: (app: BenchApp, token: string) => Promise<T>): Promise<T> {
  const app = await startBenchApp({ RUN_WORKERS: 'true', WORKER_CONCURRENCY: '1', BG_ISNET_MODEL: model, JOB_WAIT_TIMEOUT_MS: '120000' });
  try {
    const { token } = await signUp(app.url);
    return await work(app, token);
  } finally {
    await app.stop();
  }
}

/** The embedded worker runs at nice 10 (api/src/server.ts); the library's side runs at the same. */
const WORKER_NICENESS = 10;

export async function run(): Promise<void> {
  // Before the library creates its inference threads, so they inherit the same priority.
  try {
    os.setPriority(WORKER_NICENESS);
  } catch {
    console.log('(could not lower this process to the worker priority; the comparison favours the library)');
  }
  const rounds = envInt('BENCH_BG_ROUNDS', 2);
  const soakRuns = envInt('BENCH_BG_SOAK', 200);
  const photos = await loadPhotos();
  const library = await libraryRemover();
  await library(photos[0]); // the library loads its model on the first call

  const medium = await withApp('medium', async (app, token) => {
    const idleRss = await workerRssMb(app.pid);
    await removeThroughProduct(app, token, photos[0]); // the worker loads ISNet on its first job
    const firstRss = await workerRssMb(app.pid);
    const product: number[] = [];
    const viaLibrary: number[] = [];
    const outputs = new Map<string, Buffer>();
    // Interleaved photo by photo, so machine load hits both paths alike.
    for (let round = 0; round < rounds; round += 1) {
      for (const photo of photos) {
        const { ms, png } = await removeThroughProduct(app, token, photo);
        product.push(ms);
        outputs.set(photo.name, png);
        viaLibrary.push(await library(photo));
      }
    }
    const rss: number[] = [await workerRssMb(app.pid)];
    const soakTimes: number[] = [];
    for (let i = 1; i <= soakRuns; i += 1) {
      soakTimes.push((await removeThroughProduct(app, token, photos[i % photos.length])).ms);
      if (i % Math.max(1, Math.round(soakRuns / 10)) === 0) rss.push(await workerRssMb(app.pid));
    }
    return { product, viaLibrary, outputs, rss, soakTimes, idleRss, firstRss };
  });

  const small = await withApp('small', async (app, token) => {
    await removeThroughProduct(app, token, photos[0]);
    const times: number[] = [];
    const ious: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const photo of photos) {
        const { ms, png } = await removeThroughProduct(app, token, photo);
        times.push(ms);
        if (round === 0) ious.push(`${photo.name} ${(await alphaIou(medium.outputs.get(photo.name)!, png)).toFixed(3)}`);
      }
    }
    return { times, ious };
  });

  const ours = p50(medium.product);
  const lib = p50(medium.viaLibrary);
  console.log(`\nBackground removal, ${photos.length} real photos x ${rounds} rounds (${PHOTO_FILES.join(', ')}), warm`);
  console.log(`product path, ISNet medium (upload -> queue -> worker -> stored PNG -> download)  p50 ${ours.toFixed(0)} ms`);
  console.log(`library removeBackground(), medium, in this process                             p50 ${lib.toFixed(0)} ms`);
  console.log(`ratio library / product path: ${(lib / ours).toFixed(2)}x`);
  console.log(`product path, ISNet small                                                       p50 ${p50(small.times).toFixed(0)} ms (${(ours / p50(small.times)).toFixed(2)}x medium's speed)`);
  console.log(`small vs medium cut-out IoU (alpha >= 128): ${small.ious.join(', ')}`);

  const [first, ...rest] = medium.rss;
  const last = medium.rss[medium.rss.length - 1];
  const peak = Math.max(...medium.rss);
  const settled = rest.length ? rest[0] : first;
  console.log(`\nWorker RSS: idle ${medium.idleRss} MB, after its first removal (ISNet loaded) ${medium.firstRss} MB, after ${photos.length * rounds} more ${first} MB`);
  console.log(`Worker RSS over ${soakRuns} removals (medium, product path): ${medium.rss.join(' -> ')} MB`);
  console.log(`  start ${first} MB, peak ${peak} MB, end ${last} MB; growth after the first sample ${last - settled} MB; soak p50 ${p50(medium.soakTimes).toFixed(0)} ms`);
  console.log(`  ${peak < RSS_LIMIT_MB ? 'MET    ' : 'NOT MET'}  under ${RSS_LIMIT_MB} MB; ${last - settled <= 0.1 * settled ? 'MET    ' : 'NOT MET'}  flat (end within 10% of the first soak sample)`);
}
