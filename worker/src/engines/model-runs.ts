/**
 * Every model of this process (ISNet, instance segmentation, an inpainting model) is loaded and
 * run through here, so that the process's job threads together run no more inferences at once
 * than its cores can hold (see @craftwell/queue/model-run-slots), and every session has the same
 * options. A run waits for a slot instead of competing.
 */
import os from 'node:os';
import * as ort from 'onnxruntime-node';
import { withModelRun } from '@craftwell/queue/model-run-slots';

/** Intra-op threads of one run: the sessions' setting (BG_ISNET_THREADS, 2 by default). */
let threadsPerRun = 2;

export function configureModelRuns(options: { threadsPerRun: number }): void {
  threadsPerRun = Math.max(1, options.threadsPerRun);
}

/** How many runs fit at once: the cores over each run's threads, at least one. */
export function modelRunsAtOnce(): number {
  return Math.max(1, Math.floor(os.availableParallelism() / threadsPerRun));
}

export function runModel<T>(work: () => Promise<T>): Promise<T> {
  return withModelRun(modelRunsAtOnce(), work);
}

/**
 * The options every ONNX session here is created with. Idle inference threads sleep instead of
 * spinning for the next operator: a spinning thread burns a core that another run, or the api on
 * the same machine, needs. Without the memory arena a session keeps only what a run is using
 * (ISNet: ~0.9 GB RSS instead of ~1.6 GB, at the same speed).
 */
export function modelSessionOptions(threads = threadsPerRun): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableMemPattern: false,
    enableCpuMemArena: false,
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
}

/** Loads an ONNX model (a path or its bytes) inside a slot, like a run, so no thread is ended during the native load. */
export function loadModelSession(model: string | Uint8Array, threads?: number): Promise<ort.InferenceSession> {
  const options = modelSessionOptions(threads);
  // The one place sessions are created (a lint rule sends every other caller here); two calls
  // because create() has one overload for a path and another for bytes.
  // eslint-disable-next-line no-restricted-syntax
  return runModel(() => (typeof model === 'string' ? ort.InferenceSession.create(model, options) : ort.InferenceSession.create(model, options)));
}
