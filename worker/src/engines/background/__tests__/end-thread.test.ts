/**
 * Ending a job thread (timeout, cancel, shutdown) while it is inside a model load or run: a plain
 * terminate aborts the whole process (onnxruntime throws a C++ exception in the thread's teardown),
 * taking every other job of the worker with it; endJobThread waits for the call to return first.
 * Each case runs in a child process, so an abort is seen as its exit, not as the runner's death.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CHILD = path.join(import.meta.dirname, 'fixtures/end-thread-child.ts');

function runChild(end: 'safe' | 'plain'): Promise<{ code: number | null; signal: string | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, END: end }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.once('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

describe('ending a job thread inside a model call', { timeout: 300_000 }, () => {
  it('when a plain terminate ends it, then the whole process aborts (why endJobThread exists)', async () => {
    const { code, signal, output } = await runChild('plain');
    expect(output).toContain('inside a model call');
    expect(output).not.toContain('process survived');
    expect(code === 0 && signal === null).toBe(false);
  });

  it('when endJobThread ends it, then it waits for the call and the process lives on', async () => {
    const { code, output } = await runChild('safe');
    expect(output).toContain('inside a model call');
    expect(output).toContain('process survived');
    expect(code).toBe(0);
  });
});
