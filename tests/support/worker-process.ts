/** Starts a real worker process (worker/src/main.ts) for tests that stop or kill workers. */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER_MAIN = fileURLToPath(new URL('../../worker/src/main.ts', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the exit time in ms after the signal. */
  signal(signal: NodeJS.Signals): Promise<number>;
}

/**
 * `prefix` runs the worker through another command, e.g. `ip netns exec <name>` (it must exec).
 * `output`, when given, collects the worker's log lines (stdout and stderr) instead of printing them.
 */
export async function startWorkerProcess(env: Record<string, string | undefined>, queues = 'text,image,pdf', concurrency = 1, prefix: string[] = [], output?: string[]): Promise<WorkerProcess> {
  const args = ['--queues', queues, '--concurrency', String(concurrency)];
  const stream = output ? 'pipe' : 'inherit';
  const options = { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', stream, stream, 'ipc'] as const };
  const child = prefix.length
    ? spawn(prefix[0], [...prefix.slice(1), process.execPath, '--import', 'tsx', WORKER_MAIN, ...args], { ...options, stdio: [...options.stdio] })
    : fork(WORKER_MAIN, args, { ...options, stdio: [...options.stdio], execArgv: ['--import', 'tsx'] });
  for (const source of output ? [child.stdout!, child.stderr!] : []) {
    let partial = '';
    source.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      output!.push(...lines);
    });
  }
  await new Promise<void>((resolve, reject) => {
    // Generous: a worker loads its engines on every job thread, slow on a busy machine.
    const timer = setTimeout(() => reject(new Error('worker did not start within 180 s')), 180_000);
    child.on('message', (m: { type?: string }) => { if (m?.type === 'worker-ready') { clearTimeout(timer); resolve(); } });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`worker exited during start-up (${code})`)); });
  });
  return {
    child,
    async signal(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return 0;
      const started = Date.now();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
      return Date.now() - started;
    },
  };
}
