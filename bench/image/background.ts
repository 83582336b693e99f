/**
 * Background removal benchmark.
 * 1. Warm latency, p50 over 10 photos: our engine (ISNet session loaded once, sharp resizing,
 *    decontaminated cut-out, PNG out) beside the library's own removeBackground() (same model),
 *    with the ratio.
 * 2. Worker RSS over N removals with our engine (BENCH_BG_RUNS, default 200): must stay flat.
 * 3. Model precision: the shipped half-precision model beside the fp32 conversion the engine
 *    runs on x86, mask by mask on the real photos, with the time ratio and the IoU of each mask
 *    (must stay >= 0.99).
 * The soak runs first so the library's own copy of the model does not inflate the RSS figures;
 * the latency runs alternate the two engines image by image so machine load hits both alike.
 * Run: npx tsx bench/image/background.ts        (BENCH_BG_RUNS=50 for a shorter soak)
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { maskIou } from './mask-iou.js';
import { createIsnetRemover } from '@craftwell/worker/engines/background/embedded';
import { getIsnet, IsnetSession } from '@craftwell/worker/engines/background/isnet';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/images');
const realPhotos = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/real-photos');
const IOU_MIN = 0.99;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Ten distinct inputs from the three committed photos: originals, crops, flips and rescales. */
async function benchImages(): Promise<{ name: string; png: Buffer; width: number; height: number }[]> {
  const sources = await Promise.all(['astronaut.jpg', 'chelsea.png', 'coffee.png'].map((f) => readFile(path.join(fixtures, f))));
  const variants: [string, (s: sharp.Sharp) => sharp.Sharp][] = [
    ['original', (s) => s],
    ['flipped', (s) => s.flop()],
    ['upscaled 1.6x', (s) => s.resize({ width: 800 })],
  ];
  const images = [];
  for (const [i, source] of sources.entries()) {
    for (const [label, transform] of variants) {
      const png = await transform(sharp(source)).png().toBuffer();
      const { width = 0, height = 0 } = await sharp(png).metadata();
      images.push({ name: `${['astronaut', 'chelsea', 'coffee'][i]} ${label}`, png, width, height });
    }
  }
  const png = await sharp(sources[2]).extract({ left: 60, top: 0, width: 480, height: 400 }).png().toBuffer();
  images.push({ name: 'coffee crop', png, width: 480, height: 400 });
  return images;
}

/** The shipped fp16 model beside the fp32 conversion, interleaved photo by photo. */
async function comparePrecision(): Promise<void> {
  const files = (await readdir(realPhotos)).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort();
  const photos = await Promise.all(files.map(async (file) => {
    const { data, info } = await sharp(path.join(realPhotos, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { file, rgb: { data, width: info.width, height: info.height } };
  }));
  const shipped = await IsnetSession.create({ precision: 'shipped' });
  const converted = await IsnetSession.create();
  const times = { shipped: [] as number[], converted: [] as number[] };
  const cpu = { shipped: [] as number[], converted: [] as number[] };
  const measure = async (session: IsnetSession, rgb: (typeof photos)[number]['rgb'], key: 'shipped' | 'converted') => {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const mask = await session.predictMask(rgb);
    const used = process.cpuUsage(cpuStarted);
    times[key].push(performance.now() - started);
    cpu[key].push((used.user + used.system) / 1000);
    return mask;
  };
  await shipped.predictMask(photos[0].rgb); // first runs allocate; keep them out of the figures
  await converted.predictMask(photos[0].rgb);
  const ious: string[] = [];
  let worst = 1;
  for (const { file, rgb } of photos) {
    const a = await measure(shipped, rgb, 'shipped');
    const b = await measure(converted, rgb, 'converted');
    const iou = maskIou(a, b);
    worst = Math.min(worst, iou);
    ious.push(`${file} ${iou.toFixed(4)}`);
  }
  await Promise.all([shipped.release(), converted.release()]);
  console.log(`\nISNet medium, shipped fp16 vs fp32 conversion (mask only), ${photos.length} real photos, interleaved`);
  console.log(`  fp16 p50 ${quantile(times.shipped, 0.5).toFixed(0)} ms (CPU ${quantile(cpu.shipped, 0.5).toFixed(0)} ms), fp32 p50 ${quantile(times.converted, 0.5).toFixed(0)} ms (CPU ${quantile(cpu.converted, 0.5).toFixed(0)} ms)`);
  console.log(`  fp32 speed-up: ${(quantile(times.shipped, 0.5) / quantile(times.converted, 0.5)).toFixed(2)}x wall, ${(quantile(cpu.shipped, 0.5) / quantile(cpu.converted, 0.5)).toFixed(2)}x CPU`);
  console.log(`  mask IoU fp32 vs fp16 (>= 128): ${ious.join(', ')}`);
  console.log(`  ${worst >= IOU_MIN ? 'MET    ' : 'NOT MET'}  every IoU >= ${IOU_MIN}`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function run(): Promise<void> {
  await comparePrecision();
  const runs = Number(process.env.BENCH_BG_RUNS ?? 200);
  const images = await benchImages();
  const remover = createIsnetRemover();

  const loadStarted = performance.now();
  await getIsnet();
  console.log(`ISNet medium model load (once per worker): ${Math.round(performance.now() - loadStarted)} ms`);

  // Memory soak first, before the library loads its own copy of the model into this process.
  await remover.remove(images[0].png);
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  const samples: string[] = [];
  const soakTimes: number[] = [];
  for (let i = 1; i <= runs; i += 1) {
    const started = performance.now();
    await remover.remove(images[i % images.length].png);
    soakTimes.push(performance.now() - started);
    if (i % Math.max(1, Math.round(runs / 10)) === 0 || i === runs) samples.push(`${i}:${mb(process.memoryUsage().rss)}`);
  }
  const rssEnd = process.memoryUsage().rss;

  // Latency: both engines warm, interleaved image by image so machine load hits them alike.
  const { removeBackground } = await import('@imgly/background-removal-node');
  const dist = path.dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
  const config = { model: 'medium' as const, publicPath: `${pathToFileURL(dist).href}/`, output: { format: 'image/png' as const } };
  const viaLibrary = async (png: Buffer) => {
    const blob = await removeBackground(new Blob([new Uint8Array(png)], { type: 'image/png' }), config);
    return Buffer.from(await blob.arrayBuffer());
  };
  await viaLibrary(images[0].png); // warm-up: the library loads its session on first call
  const ours: number[] = [];
  const library: number[] = [];
  for (const image of images) {
    ours.push(await timed(() => remover.remove(image.png)));
    library.push(await timed(() => viaLibrary(image.png)));
  }

  const p50ours = quantile(ours, 0.5);
  const p50lib = quantile(library, 0.5);
  console.log(`\nBackground removal, warm, ${images.length} photos (${images.map((i) => `${i.width}x${i.height}`).join(', ')})`);
  console.log('engine                                   p50        p90');
  console.log(`ours (ISNet via onnxruntime-node)   ${p50ours.toFixed(0).padStart(8)} ms ${quantile(ours, 0.9).toFixed(0).padStart(7)} ms`);
  console.log(`library removeBackground()          ${p50lib.toFixed(0).padStart(8)} ms ${quantile(library, 0.9).toFixed(0).padStart(7)} ms`);
  console.log(`ratio library / ours                ${(p50lib / p50ours).toFixed(2)}x`);
  console.log(`\nRSS over ${runs} removals with our engine: start ${mb(rssStart)}, end ${mb(rssEnd)}, growth ${mb(rssEnd - rssStart)}`);
  console.log(`  samples (run:RSS) ${samples.join(' ')}`);
  console.log(`  soak latency p50 ${quantile(soakTimes, 0.5).toFixed(0)} ms, p90 ${quantile(soakTimes, 0.9).toFixed(0)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
