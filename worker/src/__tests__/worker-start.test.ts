/**
 * A worker process started on its own (`npm run worker`) validates the engines' variables before
 * it connects to anything, and stops with a message naming the bad one.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function runWorker(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts', '--queues', 'image'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('when a separate worker starts with a bad engine variable', () => {
  it('then it exits 1 naming the variable, before connecting anywhere', async () => {
    const { code, stderr } = await runWorker({
      // Nothing listens on these ports: reaching them would hang or fail differently.
      REDIS_URL: 'redis://127.0.0.1:1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      OBJECT_INPAINT_MODEL: '/nonexistent/lama_fp32.onnx',
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Worker failed to start: Invalid configuration/);
    expect(stderr).toMatch(/OBJECT_INPAINT_MODEL=\/nonexistent\/lama_fp32\.onnx/);
  });
});
