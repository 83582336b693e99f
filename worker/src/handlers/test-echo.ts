/**
 * A job for the pipeline's own tests and benchmarks (never reachable from /api/ai): it exercises
 * success, bad input, crashes, slowness, transient failures and image output through the real
 * queue, storage and database.
 */
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import type { JobHandler } from '@craftwell/contracts/handler';
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';

const engine = { id: 'test-echo', label: 'Pipeline test job', offline: true };

const testEcho: JobHandler<'test-echo'> = async (ctx) => {
  const { text, mode, sleepMs } = ctx.payload;
  await ctx.progress({ progress: 10, stage: 'Working', partial: text.slice(0, 5) });
  switch (mode) {
    case 'throw':
      throw new UserFacingJobError(`Cannot echo: ${text}`, 422);
    case 'crash':
      // A worker dying mid-job on its first attempt (ends the worker process, or the thread).
      if (ctx.attempt === 1) process.exit(13);
      break;
    case 'transient':
      if (ctx.attempt < 2) throw new TransientJobError('The provider is busy. Please try again.');
      break;
    case 'sleep':
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, sleepMs ?? 1000);
        ctx.signal.addEventListener('abort', () => { clearTimeout(timer); reject(new Error('aborted')); }, { once: true });
      });
      break;
    case 'spin': {
      // CPU-bound like inference: holds its thread's event loop and never looks at the signal.
      const end = Date.now() + (sleepMs ?? 1000);
      while (Date.now() < end) { /* busy */ }
      break;
    }
    case 'native':
      // Busy in native code like a model run: its thread cannot even be terminated until the
      // call returns (a child process waited for synchronously stands in for it).
      execFileSync('sleep', [String((sleepMs ?? 1000) / 1000)]);
      break;
    case 'image': {
      const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#3366ff' } }).png().toBuffer();
      return { kind: 'image', png, engine };
    }
    default:
      break;
  }
  await ctx.progress({ progress: 90, stage: 'Working', partial: text });
  const input = ctx.payload.inputKey ? ` (input: ${(await ctx.readInput(ctx.payload.inputKey)).length} bytes)` : '';
  return { kind: 'text', content: `echo: ${text}${input}`, engine };
};

export default testEcho;
