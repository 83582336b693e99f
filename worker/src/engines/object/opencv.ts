/**
 * OpenCV (WebAssembly build from @techstark/opencv-js), loaded once per process, on first use.
 *
 * Two quirks of this build are handled here: its module object is a thenable that resolves to
 * itself (awaiting it, or resolving a promise with it, never settles), and on import it installs
 * process-wide `uncaughtException`/`unhandledRejection` handlers that would abort the worker on
 * any stray rejection, so those handlers are removed again.
 */

import { createRequire } from 'node:module';
import type { Mask, RgbImage } from './image.js';

// The package's typings describe the namespace loosely; the few calls we make are typed at use.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenCv = any;

let loading: Promise<OpenCv> | null = null;

function load(): Promise<OpenCv> {
  type Listener = (...args: unknown[]) => void;
  const events = ['uncaughtException', 'unhandledRejection'];
  const listeners = (event: string) => process.listeners(event as 'uncaughtException') as Listener[];
  const before = new Map(events.map((e) => [e, new Set(listeners(e))]));
  // require, not import(): awaiting an import whose namespace exposes the module's `then` would
  // chase that thenable forever (this is what happens under vitest's CommonJS interop).
  const mod = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
  for (const event of events) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return new Promise<OpenCv>((resolve) => {
    // Keeps the event loop alive while the embedded wasm compiles.
    const keepAlive = setInterval(() => {}, 1000);
    // `then` calls back at once if the runtime is already up, else once it is.
    mod.then((ready: OpenCv) => {
      clearInterval(keepAlive);
      delete ready.then;
      resolve(ready);
    });
  });
}

export function loadOpenCv(): Promise<OpenCv> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Seed for OpenCV's random number generator before each call that draws from it. */
const RNG_SEED = 0x5eed;

/**
 * Resets OpenCV's process-wide random number generator. GrabCut starts its colour models with
 * k-means, which draws from that generator; without a reset each call continues where the last
 * one left off, so the same removal gave a different mask depending on what the worker had done
 * before (5,000 pixels apart once another object in the photo had been removed first).
 */
export function resetOpenCvRandom(cv: OpenCv): void {
  cv.setRNGSeed(RNG_SEED);
}

/** Radius (pixels) around each hole pixel that OpenCV's Telea inpaint draws from. */
export const INPAINT_RADIUS = 5;

/** OpenCV's Telea inpaint of `hole` (255) in an RGB crop: the crop's RGB bytes with the hole filled. */
export async function teleaInpaint(crop: RgbImage, hole: Mask): Promise<Uint8Array> {
  const cv = await loadOpenCv();
  const src = cv.matFromArray(crop.height, crop.width, cv.CV_8UC3, crop.data);
  const mask = cv.matFromArray(hole.height, hole.width, cv.CV_8UC1, hole.data);
  const dst = new cv.Mat();
  try {
    cv.inpaint(src, mask, dst, INPAINT_RADIUS, cv.INPAINT_TELEA);
    return Uint8Array.from(dst.data as Uint8Array);
  } finally {
    src.delete();
    mask.delete();
    dst.delete();
  }
}

