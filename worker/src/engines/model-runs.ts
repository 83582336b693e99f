/**
 * Every model run of this process (ISNet, instance segmentation, an inpainting model) goes through
 * here, so that the process's job threads together run no more inferences at once than its cores
 * can hold (see @craftwell/queue/model-run-slots). A run waits for a slot instead of competing.
 */
import os from 'node:os';
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
