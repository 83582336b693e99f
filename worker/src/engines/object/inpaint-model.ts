/**
 * Optional learned fill: a LaMa-style ONNX inpainting model, installed from the admin page's
 * Engines panel (installed-model.ts) or named by OBJECT_INPAINT_MODEL. Contract of such an export:
 * inputs `image` float32 [1,3,S,S] RGB 0..1 and `mask` float32 [1,1,S,S] (1 = erase), first
 * output float32 [1,3,S,S] RGB 0..255. The model sees a square crop around the hole with
 * context, scaled to S; only hole pixels are pasted back, so the rest of the photo keeps its
 * exact bytes and resolution.
 */
import * as ort from 'onnxruntime-node';
import { reportHeld } from '@craftwell/queue/held-resources';
import sharp from 'sharp';
import { cropMask, cropRgb, maskBounds, type Box, type Mask, type RgbImage } from './image.js';
import { loadModelSession, runModel } from '../model-runs.js';

/** The size LaMa works at, and the smallest crop side: the model needs context around the hole. */
export const MODEL_CONTEXT_SIDE = 512;
/** Model-space growth of the hole, so resampling the output back never mixes in kept pixels. */
const MODEL_MASK_GROW = 2;
/**
 * Other objects' pixels (the protect mask) are hidden from the model as well, so it cannot
 * continue a neighbour into the hole, unless hole and neighbours together would leave less than
 * this share of the crop as context: then the model sees them (a hole among crowded objects
 * still needs something to go on).
 */
const MAX_HIDDEN_SHARE = 0.6;
/** An output whose maximum stays below this is taken to be 0..1 rather than 0..255. */
const UNIT_RANGE_LIMIT = 1.5;

/** A square crop (when the image allows) centred on the hole: side = max(2 × hole side, 512). */
export function modelCrop(bounds: Box, width: number, height: number): Box {
  const side = Math.max(2 * Math.max(bounds.x2 - bounds.x1, bounds.y2 - bounds.y1), MODEL_CONTEXT_SIDE);
  const axis = (lo: number, hi: number, limit: number): [number, number] => {
    const length = Math.min(side, limit);
    const start = Math.min(Math.max(0, Math.round((lo + hi - length) / 2)), limit - length);
    return [start, start + length];
  };
  const [x1, x2] = axis(bounds.x1, bounds.x2, width);
  const [y1, y2] = axis(bounds.y1, bounds.y2, height);
  return { x1, y1, x2, y2 };
}

class InpaintSession {
  /** Runs are serialised: concurrent runs would only compete for the same two cores and double peak memory. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly imageInput: string;
  private readonly maskInput: string;
  readonly width: number;
  readonly height: number;

  constructor(private readonly session: ort.InferenceSession) {
    const names = session.inputNames;
    const maskInput = names.find((n) => n.toLowerCase().includes('mask'));
    const imageInput = names.find((n) => n !== maskInput);
    if (names.length !== 2 || !maskInput || !imageInput) {
      throw new Error(`An inpainting model needs two inputs, an image and a mask; this one has ${names.join(', ') || 'none'}`);
    }
    this.maskInput = maskInput;
    this.imageInput = imageInput;
    // A static [1,3,H,W] shape gives the working size; a dynamic one means LaMa's usual 512.
    const meta = session.inputMetadata[names.indexOf(imageInput)];
    const shape = meta?.isTensor ? meta.shape : [];
    const dim = (v: number | string | undefined) => (typeof v === 'number' && v > 0 ? v : MODEL_CONTEXT_SIDE);
    this.height = dim(shape[2]);
    this.width = dim(shape[3]);
    // MI-GAN's pipeline export takes and returns 8-bit pixels (mask 255 = keep); LaMa floats.
    this.bytes = meta?.isTensor === true && meta.type === 'uint8';
  }

  /** Whether the model takes uint8 tensors (0–255) rather than float32. */
  readonly bytes: boolean;

  /** Frees the native session once the runs already queued are done. */
  async release(): Promise<void> {
    await this.queue;
    await this.session.release();
  }

  run(image: Float32Array, mask: Float32Array): Promise<Float32Array> {
    const run = this.queue.then(() => this.runNow(image, mask));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async runNow(image: Float32Array, mask: Float32Array): Promise<Float32Array> {
    const toBytes = (values: Float32Array) => Uint8Array.from(values, (v) => Math.round(v * 255));
    const imageTensor = this.bytes
      ? new ort.Tensor('uint8', toBytes(image), [1, 3, this.height, this.width])
      : new ort.Tensor('float32', image, [1, 3, this.height, this.width]);
    // 8-bit models take the mask the other way round: 255 = keep, 0 = fill.
    const maskTensor = this.bytes
      ? new ort.Tensor('uint8', Uint8Array.from(mask, (v) => (v ? 0 : 255)), [1, 1, this.height, this.width])
      : new ort.Tensor('float32', mask, [1, 1, this.height, this.width]);
    let outputs: ort.InferenceSession.OnnxValueMapType | undefined;
    try {
      outputs = await runModel(() => this.session.run({ [this.imageInput]: imageTensor, [this.maskInput]: maskTensor }));
      const output = outputs[this.session.outputNames[0]!];
      const plane = this.width * this.height;
      if (!output || (output.type !== 'float32' && output.type !== 'uint8') || output.data.length !== 3 * plane) {
        throw new Error(`The inpainting model's output is not float32 or uint8 [1,3,${this.height},${this.width}]`);
      }
      // 0–255 either way for uint8; the caller detects a 0–1 float output itself.
      return Float32Array.from(output.data as Float32Array | Uint8Array);
    } finally {
      // Native output buffers are released on dispose, not when the GC gets round to it.
      imageTensor.dispose();
      maskTensor.dispose();
      if (outputs) for (const value of Object.values(outputs)) value.dispose();
    }
  }
}

const sessions = new Map<string, Promise<InpaintSession>>();

/**
 * Loads a candidate model file once and checks it has the interface this fill needs (an image
 * and a mask input); throws a readable error otherwise. Used by `npm run models -- add`.
 */
export async function checkInpaintModelFile(modelPath: string): Promise<{ width: number; height: number; bytes: boolean }> {
  let session: ort.InferenceSession;
  try {
    session = await loadModelSession(modelPath, 1);
  } catch (error) {
    throw new Error(`Not a loadable ONNX model: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const checked = new InpaintSession(session);
    return { width: checked.width, height: checked.height, bytes: checked.bytes };
  } finally {
    await session.release();
  }
}

/** The model at `modelPath`, loaded once per process and kept warm. */
function loadInpaintModel(modelPath: string): Promise<InpaintSession> {
  let loading = sessions.get(modelPath);
  if (!loading) {
    loading = loadModelSession(modelPath).then((session) => new InpaintSession(session));
    sessions.set(modelPath, loading);
    loading.then(() => reportHeld('inpaint-model', sessions.size), () => undefined);
    // A failed load must not poison the process: the next caller tries again.
    loading.catch(() => sessions.delete(modelPath));
  }
  return loading;
}

/** Lets go of a loaded model (it was uninstalled); the next use of the path loads it afresh. */
export async function releaseInpaintModel(modelPath: string): Promise<void> {
  const loading = sessions.get(modelPath);
  if (!loading) return;
  sessions.delete(modelPath);
  const session = await loading.catch(() => null);
  await session?.release();
  reportHeld('inpaint-model', sessions.size);
}

/** The hole in model space: any coverage counts, then grown a little. 1 = erase. */
async function modelMask(hole: Mask, width: number, height: number): Promise<Uint8Array> {
  const scaled = await sharp(Buffer.from(hole.data.buffer, hole.data.byteOffset, hole.data.byteLength), {
    raw: { width: hole.width, height: hole.height, channels: 1 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const grown = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!scaled[y * width + x]) continue;
      for (let yy = Math.max(0, y - MODEL_MASK_GROW); yy <= Math.min(height - 1, y + MODEL_MASK_GROW); yy++) {
        grown.fill(1, yy * width + Math.max(0, x - MODEL_MASK_GROW), yy * width + Math.min(width, x + MODEL_MASK_GROW + 1));
      }
    }
  }
  return grown;
}

/**
 * What the model is not shown, in model space (1 = erase): the hole, and the other objects'
 * pixels in `protect` while enough context is left (see MAX_HIDDEN_SHARE). Crop-sized masks in.
 */
export async function modelErase(hole: Mask, protect: Mask | null, width: number, height: number): Promise<Uint8Array> {
  const erase = await modelMask(hole, width, height);
  if (!protect) return erase;
  const hidden = await modelMask(protect, width, height);
  let count = 0;
  for (let j = 0; j < erase.length; j++) if (erase[j] || hidden[j]) count++;
  if (count > MAX_HIDDEN_SHARE * erase.length) return erase;
  for (let j = 0; j < erase.length; j++) if (hidden[j]) erase[j] = 1;
  return erase;
}

/**
 * Returns a copy of `image` whose mask pixels the model at `modelPath` has filled. Pixels of
 * `protect` (other objects) are hidden from the model too, so it cannot copy them into the hole;
 * only the hole's pixels are pasted back.
 */
export async function inpaintWithModel(image: RgbImage, mask: Mask, modelPath: string, protect: Mask | null = null): Promise<RgbImage> {
  const out: RgbImage = { data: Buffer.from(image.data), width: image.width, height: image.height };
  const bounds = maskBounds(mask);
  if (!bounds) return out;
  const model = await loadInpaintModel(modelPath);
  const { width, height } = model;
  const box = modelCrop(bounds, image.width, image.height);
  const crop = cropRgb(image, box);
  const hole = cropMask(mask, box);

  const [pixels, erase] = await Promise.all([
    sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } })
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer(),
    modelErase(hole, protect ? cropMask(protect, box) : null, width, height),
  ]);

  // HWC uint8 -> CHW 0..1, hole pixels zeroed as LaMa saw them in training. An 8-bit pipeline
  // (MI-GAN's) erases the hole itself after resizing the image: zeros would bleed into the
  // pixels round the hole there and come back as a dark line along its edge.
  const plane = width * height;
  const imageInput = new Float32Array(3 * plane);
  const maskInput = new Float32Array(plane);
  for (let j = 0, i = 0; j < plane; j++, i += 3) {
    if (erase[j]) maskInput[j] = 1;
    if (erase[j] && !model.bytes) continue;
    imageInput[j] = pixels[i]! / 255;
    imageInput[j + plane] = pixels[i + 1]! / 255;
    imageInput[j + 2 * plane] = pixels[i + 2]! / 255;
  }
  const prediction = await model.run(imageInput, maskInput);

  let max = -Infinity;
  for (let k = 0; k < prediction.length; k++) if (prediction[k]! > max) max = prediction[k]!;
  const scale = max <= UNIT_RANGE_LIMIT ? 255 : 1;
  const predicted = Buffer.allocUnsafe(3 * plane);
  for (let j = 0, i = 0; j < plane; j++, i += 3) {
    for (let c = 0; c < 3; c++) {
      const v = prediction[j + c * plane]! * scale;
      predicted[i + c] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
  const filled = await sharp(predicted, { raw: { width, height, channels: 3 } })
    .resize(crop.width, crop.height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();

  for (let y = 0; y < crop.height; y++) {
    for (let x = 0; x < crop.width; x++) {
      const c = y * crop.width + x;
      if (!hole.data[c]) continue;
      const o = ((box.y1 + y) * image.width + box.x1 + x) * 3;
      filled.copy(out.data, o, c * 3, c * 3 + 3);
    }
  }
  return out;
}
