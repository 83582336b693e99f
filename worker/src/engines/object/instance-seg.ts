/**
 * COCO instance segmentation with the bundled YOLOv8n-seg (int8 ONNX, see worker/models/README.md)
 * on onnxruntime-node, one warm CPU session per process. Each instance comes with its own mask,
 * so an animal standing in front of a vehicle is a different instance from the vehicle: removing one
 * never takes the other. The file is checked against its SHA-256 before the session is built.
 * Without the file the caller falls back to the detector-and-saliency path.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sourceDir } from '@craftwell/core/runtime-paths';
import * as ort from 'onnxruntime-node';
import { reportHeld } from '@craftwell/queue/held-resources';
import sharp from 'sharp';
import type { Box, Mask, RgbImage } from './image.js';
import { loadModelSession, runModel } from '../model-runs.js';
import { COCO_LABELS, type CocoLabel } from '@craftwell/contracts/object-vocabulary';

export const INSTANCE_MODEL_FILE = 'yolov8n-seg-int8.onnx';
export const INSTANCE_MODEL_SHA256 = 'a892891617cbadd34d860f66a866393a8d4c487c49f1474e9b6d9e578332e56a';
/** Where the model ships in the repository. */
export const DEFAULT_INSTANCE_MODEL_PATH = path.resolve(
  sourceDir(import.meta.url), '../../../models', INSTANCE_MODEL_FILE,
);

const INPUT_SIDE = 320;
const PROTO_SIDE = 80;
const PROTO_COUNT = 32;
const CLASS_COUNT = 80;
/** Candidates below this score are dropped before NMS (the caller applies its own minimum). */
const CANDIDATE_SCORE = 0.1;
const NMS_IOU = 0.5;
/** At most this many instances are kept (each carries a full-size mask). */
const MAX_INSTANCES = 30;
/** The uncut mask (Instance.wide) reaches this share of the box's width and height past it. */
const WIDE_SHARE = 0.5;
/** Ultralytics letterboxes with this grey. */
const PAD_GREY = 114;

export interface Instance {
  label: CocoLabel;
  score: number;
  /** Box in image pixels (x2/y2 exclusive). */
  box: Box;
  /**
   * Mask logits (sigmoid(v) > 0.5 = object) at image resolution inside `region` only,
   * row-major, region-sized. Kept soft so the caller can refine the edge.
   */
  logits: Float32Array;
  region: Box;
  /** Pixels with logit > 0. */
  area: number;
  /**
   * The same mask logits over the box grown by half each way, not cut off at the box: where the
   * model sees the object past its own box (a tail hanging below the seat its owner sits on,
   * which the box stops at). Only a second opinion for neighbours a removal must keep.
   */
  wide?: { logits: Float32Array; region: Box };
}

export class InstanceModelError extends Error {}

let loading: { path: string; session: Promise<ort.InferenceSession> } | null = null;
/** Runs are serialised: two at once only compete for the same cores. */
let queue: Promise<unknown> = Promise.resolve();

/** Whether the model file is there (the app works without it, on the older path). */
export function instanceModelAvailable(modelPath = DEFAULT_INSTANCE_MODEL_PATH): boolean {
  return existsSync(modelPath);
}

async function createSession(modelPath: string): Promise<ort.InferenceSession> {
  const bytes = await readFile(modelPath);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== INSTANCE_MODEL_SHA256) {
    throw new InstanceModelError(`${path.basename(modelPath)} has SHA-256 ${sha256}, expected ${INSTANCE_MODEL_SHA256}: the file is damaged or not the bundled model`);
  }
  const session = await loadModelSession(bytes);
  reportHeld('object-model', 1);
  return session;
}

/** The warm session (loaded and checksum-verified once per process). */
export function loadInstanceModel(modelPath = DEFAULT_INSTANCE_MODEL_PATH): Promise<ort.InferenceSession> {
  if (!loading || loading.path !== modelPath) {
    const session = createSession(modelPath);
    loading = { path: modelPath, session };
    session.catch(() => { if (loading?.session === session) loading = null; });
  }
  return loading.session;
}

interface Letterbox {
  scale: number;
  padX: number;
  padY: number;
  input: Float32Array;
}

async function letterbox(image: RgbImage): Promise<Letterbox> {
  const scale = Math.min(INPUT_SIDE / image.width, INPUT_SIDE / image.height);
  const nw = Math.max(1, Math.round(image.width * scale)), nh = Math.max(1, Math.round(image.height * scale));
  const padX = Math.floor((INPUT_SIDE - nw) / 2), padY = Math.floor((INPUT_SIDE - nh) / 2);
  const resized = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(nw, nh, { fit: 'fill' })
    .raw()
    .toBuffer();
  const plane = INPUT_SIDE * INPUT_SIDE;
  const input = new Float32Array(3 * plane).fill(PAD_GREY / 255);
  for (let y = 0; y < nh; y++) {
    for (let x = 0; x < nw; x++) {
      const s = (y * nw + x) * 3, d = (y + padY) * INPUT_SIDE + x + padX;
      input[d] = resized[s]! / 255;
      input[d + plane] = resized[s + 1]! / 255;
      input[d + 2 * plane] = resized[s + 2]! / 255;
    }
  }
  return { scale: nw / image.width, padX, padY, input };
}

function boxIou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const iy = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = ix * iy;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter;
  return union > 0 ? inter / union : 0;
}

interface Candidate {
  cls: number;
  score: number;
  /** Box in model-input pixels. */
  box: Box;
  coeffs: Float32Array;
}

function decodeCandidates(output: Float32Array, anchors: number): Candidate[] {
  const candidates: Candidate[] = [];
  for (let a = 0; a < anchors; a++) {
    let best = -1, score = CANDIDATE_SCORE;
    for (let c = 0; c < CLASS_COUNT; c++) {
      const s = output[(4 + c) * anchors + a]!;
      if (s > score) { score = s; best = c; }
    }
    if (best < 0) continue;
    const cx = output[a]!, cy = output[anchors + a]!, w = output[2 * anchors + a]!, h = output[3 * anchors + a]!;
    const coeffs = new Float32Array(PROTO_COUNT);
    for (let k = 0; k < PROTO_COUNT; k++) coeffs[k] = output[(4 + CLASS_COUNT + k) * anchors + a]!;
    candidates.push({ cls: best, score, box: { x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2 }, coeffs });
  }
  // Greedy NMS within each class.
  candidates.sort((a, b) => b.score - a.score);
  const kept: Candidate[] = [];
  for (const c of candidates) {
    if (kept.length >= MAX_INSTANCES) break;
    if (!kept.some((k) => k.cls === c.cls && boxIou(k.box, c.box) > NMS_IOU)) kept.push(c);
  }
  return kept;
}

/**
 * Logits of one instance at image resolution over `region`: the 80×80 prototype combination,
 * sampled bilinearly (logits, not probabilities, so edges interpolate smoothly), zero outside
 * the box as Ultralytics crops it.
 */
function instanceLogits(protos: Float32Array, coeffs: Float32Array, lb: Letterbox, box: Box, region: Box, crop = true): Float32Array {
  const protoPlane = PROTO_SIDE * PROTO_SIDE;
  const low = new Float32Array(protoPlane);
  for (let k = 0; k < PROTO_COUNT; k++) {
    const c = coeffs[k]!;
    const base = k * protoPlane;
    for (let i = 0; i < protoPlane; i++) low[i] += c * protos[base + i]!;
  }
  const rw = region.x2 - region.x1, rh = region.y2 - region.y1;
  const out = new Float32Array(rw * rh).fill(-20);
  const toProto = PROTO_SIDE / INPUT_SIDE;
  const inside: Box = crop ? box : region;
  for (let y = Math.max(region.y1, inside.y1); y < Math.min(region.y2, inside.y2); y++) {
    const py = Math.min(PROTO_SIDE - 1, Math.max(0, ((y + 0.5) * lb.scale + lb.padY) * toProto - 0.5));
    const y0 = Math.floor(py), y1 = Math.min(PROTO_SIDE - 1, y0 + 1), fy = py - y0;
    for (let x = Math.max(region.x1, inside.x1); x < Math.min(region.x2, inside.x2); x++) {
      const px = Math.min(PROTO_SIDE - 1, Math.max(0, ((x + 0.5) * lb.scale + lb.padX) * toProto - 0.5));
      const x0 = Math.floor(px), x1 = Math.min(PROTO_SIDE - 1, x0 + 1), fx = px - x0;
      const top = low[y0 * PROTO_SIDE + x0]! * (1 - fx) + low[y0 * PROTO_SIDE + x1]! * fx;
      const bottom = low[y1 * PROTO_SIDE + x0]! * (1 - fx) + low[y1 * PROTO_SIDE + x1]! * fx;
      out[(y - region.y1) * rw + (x - region.x1)] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

/** Runs the model on the whole photo: every instance above `minScore`, best first. */
export async function segmentInstances(image: RgbImage, options: { minScore?: number; modelPath?: string } = {}): Promise<Instance[]> {
  const session = await loadInstanceModel(options.modelPath);
  const lb = await letterbox(image);
  const run = queue.then(async () => {
    const tensor = new ort.Tensor('float32', lb.input, [1, 3, INPUT_SIDE, INPUT_SIDE]);
    const outputs = await runModel(() => session.run({ [session.inputNames[0]!]: tensor }));
    try {
      const det = outputs[session.outputNames[0]!]!;
      const proto = outputs[session.outputNames[1]!]!;
      return { det: Float32Array.from(det.data as Float32Array), anchors: det.dims[2]!, protos: Float32Array.from(proto.data as Float32Array) };
    } finally {
      tensor.dispose();
      for (const v of Object.values(outputs)) v.dispose();
    }
  });
  queue = run.catch(() => undefined);
  const { det, anchors, protos } = await run;

  const minScore = options.minScore ?? 0.25;
  const instances: Instance[] = [];
  for (const c of decodeCandidates(det, anchors)) {
    if (c.score < minScore) continue;
    const toImage = (v: number, pad: number, limit: number) => Math.min(limit, Math.max(0, (v - pad) / lb.scale));
    const box: Box = {
      x1: Math.floor(toImage(c.box.x1, lb.padX, image.width)), y1: Math.floor(toImage(c.box.y1, lb.padY, image.height)),
      x2: Math.ceil(toImage(c.box.x2, lb.padX, image.width)), y2: Math.ceil(toImage(c.box.y2, lb.padY, image.height)),
    };
    if (box.x2 - box.x1 < 2 || box.y2 - box.y1 < 2) continue;
    const logits = instanceLogits(protos, c.coeffs, lb, box, box);
    let area = 0;
    for (let i = 0; i < logits.length; i++) if (logits[i]! > 0) area++;
    if (area === 0) continue;
    const bw = box.x2 - box.x1, bh = box.y2 - box.y1;
    const wideRegion: Box = {
      x1: Math.max(0, Math.floor(box.x1 - WIDE_SHARE * bw)), y1: Math.max(0, Math.floor(box.y1 - WIDE_SHARE * bh)),
      x2: Math.min(image.width, Math.ceil(box.x2 + WIDE_SHARE * bw)), y2: Math.min(image.height, Math.ceil(box.y2 + WIDE_SHARE * bh)),
    };
    const wide = { logits: instanceLogits(protos, c.coeffs, lb, box, wideRegion, false), region: wideRegion };
    instances.push({ label: COCO_LABELS[c.cls]!, score: c.score, box, logits, region: box, area, wide });
  }
  return instances;
}

/** The zoomed look keeps instances above this score: the same object, seen larger, is often less sure. */
const ZOOM_MIN_SCORE = 0.1;

/**
 * A second look at one instance: the model run on a crop of its box grown by half each way, where
 * it is usually seen larger and always with less around it (a tail hanging below a seat, missed
 * in the whole photo, was found this way). Returns the same-class instance that best
 * overlaps the original's box, in image coordinates, or null.
 */
export async function segmentCloser(image: RgbImage, instance: Instance, modelPath?: string): Promise<Instance | null> {
  const { box } = instance;
  const bw = box.x2 - box.x1, bh = box.y2 - box.y1;
  const crop: Box = {
    x1: Math.max(0, Math.round(box.x1 - bw / 2)), y1: Math.max(0, Math.round(box.y1 - bh / 2)),
    x2: Math.min(image.width, Math.round(box.x2 + bw / 2)), y2: Math.min(image.height, Math.round(box.y2 + bh / 2)),
  };
  const cw = crop.x2 - crop.x1, ch = crop.y2 - crop.y1;
  if (cw === image.width && ch === image.height) return null;
  const data = Buffer.alloc(cw * ch * 3);
  for (let y = 0; y < ch; y++) image.data.copy(data, y * cw * 3, ((crop.y1 + y) * image.width + crop.x1) * 3, ((crop.y1 + y) * image.width + crop.x2) * 3);
  const found = await segmentInstances({ data, width: cw, height: ch }, { minScore: ZOOM_MIN_SCORE, modelPath });
  const shift = (b: Box): Box => ({ x1: b.x1 + crop.x1, y1: b.y1 + crop.y1, x2: b.x2 + crop.x1, y2: b.y2 + crop.y1 });
  let best: Instance | null = null, bestIou = 0.5;
  for (const candidate of found) {
    if (candidate.label !== instance.label) continue;
    const overlap = boxIou(shift(candidate.box), box);
    if (overlap > bestIou) {
      bestIou = overlap;
      const wide = candidate.wide && { logits: candidate.wide.logits, region: shift(candidate.wide.region) };
      best = { ...candidate, box: shift(candidate.box), region: shift(candidate.region), wide };
    }
  }
  return best;
}

/** The instance's hard mask (logit > threshold) as a full-size mask. */
export function instanceMask(instance: Instance, width: number, height: number, threshold = 0): Mask {
  const data = new Uint8Array(width * height);
  const { region, logits } = instance;
  const rw = region.x2 - region.x1;
  for (let y = region.y1; y < region.y2; y++) {
    for (let x = region.x1; x < region.x2; x++) if (logits[(y - region.y1) * rw + x - region.x1]! > threshold) data[y * width + x] = 255;
  }
  return { data, width, height };
}

/** Intersection over union of two full-size masks. */
export function maskIou(a: Mask, b: Mask): number {
  let inter = 0, union = 0;
  for (let i = 0; i < a.data.length; i++) {
    const p = a.data[i]! > 0, q = b.data[i]! > 0;
    if (p && q) inter++;
    if (p || q) union++;
  }
  return union ? inter / union : 0;
}
