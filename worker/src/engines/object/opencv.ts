/**
 * OpenCV (WebAssembly build from @techstark/opencv-js), loaded once per process, on first use.
 *
 * Two quirks of this build are handled here: its module object is a thenable that resolves to
 * itself (awaiting it, or resolving a promise with it, never settles), and on import it installs
 * process-wide `uncaughtException`/`unhandledRejection` handlers that would abort the worker on
 * any stray rejection, so those handlers are removed again.
 */

import { createRequire } from 'node:module';

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
 * before (5,000 pixels apart on the bicycle once the dog beside it had been removed first).
 */
export function resetOpenCvRandom(cv: OpenCv): void {
  cv.setRNGSeed(RNG_SEED);
}
