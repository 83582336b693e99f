/** The patch fill's helper thread (see fill-helper.ts): runs the halves of steps it is sent. */
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { helperStates, type HelperTask } from './fill-helper.js';
import { holeLayers } from './layers.js';
import { refreshRange, voteRows, type SharedLevel } from './patch-fill/patchmatch.js';

const state = (workerData as { state: Int32Array }).state;
/**
 * A collection of this thread's heap, run when a fill lets go of its arrays. The thread allocates
 * almost nothing of its own, so its heap is seldom collected, and each fill's shared arrays (tens
 * of MB at 1 MP) stayed held by its dropped messages: 40 removals grew the worker by 370 MB. With
 * this the soak is flat. (The way Jest gets `gc` without --expose-gc on the command line.)
 */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
let level: SharedLevel | null = null;

parentPort!.on('message', (task: HelperTask) => {
  if (task.kind === 'level') {
    // null when a fill is over: the arrays are let go.
    level = task.level as SharedLevel | null;
    if (!level) collect();
    return;
  }
  let outcome: number = helperStates.DONE;
  try {
    if (task.kind === 'layers') {
      const layer = holeLayers(task.pixels, task.hole, task.width, task.height, task.extent);
      if (layer) { task.out.set(layer); task.out[layer.length] = 1; }
    } else if (!level) throw new Error('no level');
    else if (task.kind === 'refresh') refreshRange(level.level, level.field, task.from, task.to);
    else voteRows(level.level, level.field, task.weights, task.srcXs, task.srcYs, task.out, task.y0, task.y1);
  } catch {
    outcome = helperStates.FAILED;
  }
  Atomics.store(state, 1, outcome);
  Atomics.notify(state, 1);
});

Atomics.store(state, 0, helperStates.READY);
