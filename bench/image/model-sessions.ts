/**
 * `npm run bench -- model-sessions`: what the shared session options (modelSessionOptions) cost
 * and save. The instance-segmentation model runs on a real photo in two sessions that differ only
 * in their options: onnxruntime's defaults for thread spinning and memory (how the object engines
 * loaded it before) and ours. Each does BENCH_SESSION_RUNS runs (default 10) with a 50 ms gap after
 * each, as between a job's steps; the rounds alternate, so machine load hits both alike. Printed:
 * wall time and the process's CPU time (user + system) for the runs and their gaps, and whether the
 * outputs are identical.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { modelSessionOptions } from '@craftwell/worker/engines/model-runs';
import { DEFAULT_INSTANCE_MODEL_PATH } from '@craftwell/worker/engines/object/instance-seg';

const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/real-photos');
const SIDE = 320;

export async function run(): Promise<void> {
  const runs = Number(process.env.BENCH_SESSION_RUNS ?? 10);
  const bytes = await readFile(DEFAULT_INSTANCE_MODEL_PATH);
  const defaults = { intraOpNumThreads: 2, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' } as const;
  const sessions = { 'onnxruntime defaults': await ort.InferenceSession.create(bytes, defaults), ours: await ort.InferenceSession.create(bytes, modelSessionOptions(2)) };

  const photo = (await readdir(PHOTOS)).filter((f) => /\.jpe?g$/i.test(f)).sort()[0]!;
  const { data } = await sharp(path.join(PHOTOS, photo)).resize(SIDE, SIDE, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const input = new Float32Array(3 * SIDE * SIDE);
  for (let i = 0; i < SIDE * SIDE; i += 1) for (let c = 0; c < 3; c += 1) input[c * SIDE * SIDE + i] = data[i * 3 + c]! / 255;

  const totals = { 'onnxruntime defaults': { wall: 0, cpu: 0 }, ours: { wall: 0, cpu: 0 } };
  const outputs: Record<string, Float32Array> = {};
  for (let round = 0; round < 2; round += 1) {
    for (const [name, session] of Object.entries(sessions) as [keyof typeof sessions, ort.InferenceSession][]) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < runs; i += 1) {
        const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, SIDE, SIDE]) });
        outputs[name] = out[session.outputNames[0]!]!.data as Float32Array;
        await new Promise((r) => setTimeout(r, 50));
      }
      const used = process.cpuUsage(cpu);
      totals[name].wall += performance.now() - started;
      totals[name].cpu += (used.user + used.system) / 1000;
    }
  }
  console.log(`instance segmentation, ${photo} at ${SIDE}², 2 threads, ${2 * runs} runs each with 50 ms gaps:`);
  for (const [name, t] of Object.entries(totals)) {
    console.log(`  ${name.padEnd(22)} wall ${Math.round(t.wall / (2 * runs))} ms/run   CPU ${Math.round(t.cpu / (2 * runs))} ms/run`);
  }
  const ratio = totals.ours.cpu / totals['onnxruntime defaults'].cpu;
  console.log(`  CPU ours / defaults: ${ratio.toFixed(2)}   wall ours / defaults: ${(totals.ours.wall / totals['onnxruntime defaults'].wall).toFixed(2)}`);
  const [a, b] = [outputs['onnxruntime defaults']!, outputs.ours!];
  console.log(`  outputs identical: ${a.length === b.length && a.every((v, i) => v === b[i])}`);
  for (const session of Object.values(sessions)) await session.release();
}
