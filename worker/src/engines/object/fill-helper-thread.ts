/** The patch fill's helper thread (see fill-helper.ts): runs the halves of steps it is sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { helperStates, type HelperTask } from './fill-helper.js';
import { refreshRange, voteRows, type SharedLevel } from './patch-fill.js';

const state = (workerData as { state: Int32Array }).state;
let level: SharedLevel | null = null;

parentPort!.on('message', (task: HelperTask) => {
  if (task.kind === 'level') {
    // null when a fill is over: the arrays are let go.
    level = task.level as SharedLevel | null;
    return;
  }
  let outcome: number = helperStates.DONE;
  try {
    if (!level) throw new Error('no level');
    if (task.kind === 'refresh') refreshRange(level.level, level.field, task.from, task.to);
    else voteRows(level.level, level.field, task.weights, task.srcXs, task.srcYs, task.out, task.y0, task.y1);
  } catch {
    outcome = helperStates.FAILED;
  }
  Atomics.store(state, 1, outcome);
  Atomics.notify(state, 1);
});

Atomics.store(state, 0, helperStates.READY);
