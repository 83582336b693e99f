/**
 * Object removal (`npm run bench -- object`): first the eleven asks on the real photos, each
 * timed, with its side-by-side image (original | mask | result) written to
 * tests/artifacts/object-removal/ and the automatic checks printed; then the same pipeline on
 * four of the photos scaled to 1 MP, with small and large holes; then the older timing of the detector path: detection, mask and
 * fill for the cup in coffee.png upscaled to about 1 MP and 4 MP (the fill works on a crop
 * around the hole, so time follows the hole's size).
 * Models are warmed first; figures are one warm run each, on this shared 2-core machine.
 * First a memory soak: BENCH_OBJECT_RUNS (default 40) removals through the worker's remover on
 * the committed photos, RSS sampled as they go (OpenCV mats and tfjs tensors must all be freed).
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { predictSaliencyMask } from '@craftwell/worker/engines/background/isnet';
import { detectObjects, loadDetector, pickObject } from '@craftwell/worker/engines/object/detector';
import { fillMasked, holeHalfWidth } from '@craftwell/worker/engines/object/fill';
import { decodeRgb, encodePng, maskArea, type RgbImage } from '@craftwell/worker/engines/object/image';
import { buildObjectMask, type SaliencyFn } from '@craftwell/worker/engines/object/mask';
import { loadOpenCv } from '@craftwell/worker/engines/object/opencv';
import { createObjectRemover, parseObjectConfig } from '@craftwell/worker/engines/object/index';
import { loadInstanceModel } from '@craftwell/worker/engines/object/instance-seg';
import { describeRemoval, fillObjectMask, removalMask } from '@craftwell/worker/engines/object/offline';
import { fillHelperReady, fillHelperTasksDone, useFillThreads } from '@craftwell/worker/engines/object/fill-helper';
import {
  checkAsk, loadRealPhoto, REAL_PHOTO_ASKS, runAsk, SIDE_BY_SIDE_DIR, writeSideBySide,
} from '@craftwell/worker/engines/object/__tests__/real-photo-asks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function scaled(png: Buffer, width: number, height: number): Promise<RgbImage> {
  return decodeRgb(await sharp(png).resize(width, height, { kernel: 'lanczos3' }).png().toBuffer());
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

async function measure(label: string, image: RgbImage, saliency?: SaliencyFn): Promise<void> {
  const [found, detectMs] = await timed(async () => pickObject(await detectObjects(image), 'cup', 0.2));
  if (!found) throw new Error(`no cup found in the ${label} image`);
  const [objectMask, maskMs] = await timed(() => buildObjectMask(image, found.box, { saliency }));
  const [filled, fillMs] = await timed(() => fillMasked(image, objectMask.mask));
  const [, encodeMs] = await timed(() => encodePng(filled.image));
  const mp = (image.width * image.height) / 1e6;
  console.log(
    `${label.padEnd(8)} ${image.width}x${image.height} (${mp.toFixed(1)} MP) | detect ${detectMs.toFixed(0)} ms | ` +
    `mask (${objectMask.outline}) ${maskMs.toFixed(0)} ms | fill (${filled.method}, hole ${(maskArea(objectMask.mask) / 1e3).toFixed(0)}k px, ` +
    `half-width ${holeHalfWidth(objectMask.mask)} px) ${fillMs.toFixed(0)} ms | PNG encode ${encodeMs.toFixed(0)} ms | ` +
    `total ${(detectMs + maskMs + fillMs + encodeMs).toFixed(0)} ms`,
  );
}

/** The plain library call: OpenCV's Telea inpainting of the whole photo under the mask (radius 5). */
async function plainTelea(image: RgbImage, mask: { data: Uint8Array; width: number; height: number }): Promise<void> {
  const cv = await loadOpenCv();
  const src = cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data);
  const hole = cv.matFromArray(mask.height, mask.width, cv.CV_8UC1, mask.data);
  const dst = new cv.Mat();
  try {
    cv.inpaint(src, hole, dst, 5, cv.INPAINT_TELEA);
  } finally {
    src.delete(); hole.delete(); dst.delete();
  }
}

const fillOptions = (removal: Awaited<ReturnType<typeof removalMask>>) => ({
  protect: removal.protect, repeatable: removal.rebuild, behindIds: removal.behindIds, strays: removal.strays,
});

const load = () => os.loadavg().map((v) => v.toFixed(1)).join(' ');

async function realPhotoAsks(): Promise<void> {
  const [, loadMs] = await timed(async () => { await loadInstanceModel(); await loadOpenCv(); });
  console.log(`cold load (YOLOv8n-seg on onnxruntime + OpenCV wasm): ${loadMs.toFixed(0)} ms; load average ${load()} on ${os.cpus().length} cores`);
  for (const ask of REAL_PHOTO_ASKS) {
    const outcome = await runAsk(ask);
    await writeSideBySide(ask, outcome);
    const checks = await checkAsk(ask, outcome);
    const neighbours = checks.neighbours.map((n) => `${n.label} ${n.iou.toFixed(2)}`).join(', ') || 'none';
    console.log(
      `${`${ask.photo} "${ask.object}"`.padEnd(38)} ${String(outcome.image.width)}x${outcome.image.height} ${outcome.ms.toFixed(0).padStart(5)} ms | ` +
      `left where it was ${checks.leftover.toFixed(2)} | neighbours IoU ${neighbours} | changed outside ${checks.changedOutside} | ${outcome.reply}`,
    );
  }
  console.log(`side-by-side images: ${SIDE_BY_SIDE_DIR}`);

  // Photos scaled to 1 MP: the porch (1155x866), the dog and the bicycle, with holes of 10 % and
  // 23 % of the photo; the girl (1000x1000, 30 %) and the car (1224x816, 29 %): time follows the
  // hole's size. Three runs each, the whole pipeline as a removal runs it, on both cores (the
  // fill's helper thread: see fill-helper.ts); then, side by side in the same run, the fill alone
  // on one thread and on two, and OpenCV's Telea inpainting of the same mask (the plain library call).
  const helperUp = await fillHelperReady();
  console.log(`fill helper thread: ${helperUp ? 'ready' : 'NOT available (fills on one thread)'}`);
  const oneMp: [string, string, number, number][] = [
    ['darknet-dog.jpg', 'dog', 1155, 866], ['darknet-dog.jpg', 'bicycle', 1155, 866],
    ['iopaint-unwant_person.jpg', 'person', 1000, 1000], ['rembg-car-1.jpg', 'car', 1224, 816],
  ];
  for (const [photo, name, width, height] of oneMp) {
    const big = await scaled(await encodePng(await loadRealPhoto(photo)), width, height);
    const times: number[] = [];
    let hole = 0;
    let last: Awaited<ReturnType<typeof removalMask>> | null = null;
    const tasksBefore = fillHelperTasksDone();
    for (let i = 0; i < 3; i++) {
      const [, ms] = await timed(async () => {
        const removal = await removalMask({ image: big, name, minScore: 0.2 });
        const filled = await fillObjectMask(big, removal.mask, undefined, fillOptions(removal));
        await encodePng(filled.image);
        hole = maskArea(removal.mask) / (width * height);
        last = removal;
        if (i === 0) console.log(`  1 MP "${name}": ${describeRemoval(name, removal, filled.method)}`);
      });
      times.push(ms);
    }
    const median = [...times].sort((a, b) => a - b)[1]!;
    console.log(
      `1 MP (${width}x${height}) ${photo} "${name}", hole ${(100 * hole).toFixed(0)} % of the photo: ` +
      `${times.map((t) => `${(t / 1000).toFixed(1)} s`).join(', ')}, median ${(median / 1000).toFixed(1)} s ` +
      `(helper tasks ${fillHelperTasksDone() - tasksBefore}; load average ${load()})`,
    );
    const removal = last!;
    useFillThreads(1);
    const [, oneThread] = await timed(() => fillObjectMask(big, removal.mask, undefined, fillOptions(removal)));
    useFillThreads(2);
    const [, twoThreads] = await timed(() => fillObjectMask(big, removal.mask, undefined, fillOptions(removal)));
    const [, telea] = await timed(() => plainTelea(big, removal.mask));
    console.log(
      `  fill alone: one thread ${(oneThread / 1000).toFixed(1)} s, two ${(twoThreads / 1000).toFixed(1)} s ` +
      `(${(oneThread / twoThreads).toFixed(2)}x); Telea on the same mask ${(telea / 1000).toFixed(1)} s (ours ${(twoThreads / telea).toFixed(1)}x Telea)`,
    );
  }
}

export async function run(): Promise<void> {
  await realPhotoAsks();
  const png = await readFile(path.join(root, 'tests/fixtures/images/coffee.png'));
  const [, loadMs] = await timed(async () => { await loadOpenCv(); await loadDetector(); });
  console.log(`cold load (OpenCV wasm + CenterNet on tfjs-wasm): ${loadMs.toFixed(0)} ms`);
  const saliency: SaliencyFn = (rgb) => predictSaliencyMask(rgb);
  // The soak runs first, so the 4 MP buffers of the timing runs below do not blur its figures.
  await soak(saliency);
  const oneMp = await scaled(png, 1224, 816);
  const fourMp = await scaled(png, 2448, 1632);
  await detectObjects(oneMp); // warm-up
  await measure('1 MP', oneMp);
  await measure('4 MP', fourMp);
  await measure("1 MP+sal", oneMp, saliency);
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

async function soak(saliency: SaliencyFn): Promise<void> {
  const runs = Number(process.env.BENCH_OBJECT_RUNS ?? 40);
  const remover = createObjectRemover(parseObjectConfig({}), { saliency });
  const photo = (name: string) => readFile(path.join(root, 'tests/fixtures/images', name));
  // The handler receives normalised PNGs: convert the JPEGs once, up front.
  const jobs: { png: Buffer; object: string }[] = [];
  for (const [file, object] of [['coffee.png', 'cup'], ['messi5.jpg', 'ball'], ['building.jpg', 'car'], ['astronaut.jpg', 'person']] as const) {
    jobs.push({ png: await sharp(await photo(file)).png().toBuffer(), object });
  }
  await remover.remove(jobs[0]!);
  global.gc?.();
  const start = process.memoryUsage().rss;
  const samples: string[] = [];
  for (let i = 1; i <= runs; i++) {
    await remover.remove(jobs[i % jobs.length]!);
    if (i % Math.max(1, Math.round(runs / 8)) === 0 || i === runs) samples.push(`${i}:${mb(process.memoryUsage().rss)}`);
  }
  console.log(`RSS over ${runs} object removals (cup, ball, car, person in turn): start ${mb(start)}, end ${mb(process.memoryUsage().rss)}`);
  console.log(`  samples (run:RSS) ${samples.join(' ')}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await run();
  process.exit(0);
}
