/**
 * `npm run bench -- allocator`: why the worker's memory grew, and what the fix costs. The same
 * ISNet removals (the shared real photos in turn) run in child processes that differ only in
 * glibc's MALLOC_MMAP_THRESHOLD_: unset (glibc's dynamic threshold), and fixed values. Each child
 * prints its RSS every 10 removals, its CPU time (user + system) and its p50.
 * BENCH_ALLOC_RUNS (default 30) removals per child; BENCH_ALLOC_THRESHOLDS (comma list of bytes,
 * "default" for unset; default "default,16777216,1048576").
 */
import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const PHOTOS = path.resolve(path.dirname(SELF), '../../tests/fixtures/real-photos');

interface ChildReport { rss: number[]; cpuSeconds: number; systemSeconds: number; p50Ms: number }

async function child(): Promise<void> {
  const { createIsnetRemover } = await import('@craftwell/worker/engines/background/embedded');
  const files = (await readdir(PHOTOS)).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort();
  const photos = await Promise.all(files.map((f) => readFile(path.join(PHOTOS, f))));
  const remover = createIsnetRemover();
  const runs = Number(process.env.BENCH_ALLOC_RUNS ?? 30);
  const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);
  await remover.remove(photos[0]); // loads the model
  const cpuStart = process.cpuUsage();
  const rss = [rssMb()];
  const times: number[] = [];
  for (let i = 1; i <= runs; i += 1) {
    const started = performance.now();
    await remover.remove(photos[i % photos.length]);
    times.push(performance.now() - started);
    if (i % 10 === 0) rss.push(rssMb());
  }
  const cpu = process.cpuUsage(cpuStart);
  times.sort((a, b) => a - b);
  const report: ChildReport = { rss, cpuSeconds: (cpu.user + cpu.system) / 1e6, systemSeconds: cpu.system / 1e6, p50Ms: times[times.length >> 1] };
  console.log(`REPORT ${JSON.stringify(report)}`);
}

export async function run(): Promise<void> {
  const thresholds = (process.env.BENCH_ALLOC_THRESHOLDS ?? 'default,16777216,1048576').split(',');
  const runs = Number(process.env.BENCH_ALLOC_RUNS ?? 30);
  console.log(`ISNet removals per child: ${runs} (after one that loads the model); RSS sampled every 10`);
  for (const threshold of thresholds) {
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_ALLOC_CHILD: '1' };
    delete env.MALLOC_MMAP_THRESHOLD_;
    if (threshold !== 'default') env.MALLOC_MMAP_THRESHOLD_ = threshold;
    const output = execFileSync(process.execPath, ['--import', 'tsx', SELF], { env, encoding: 'utf8', maxBuffer: 16 << 20 });
    const line = output.split('\n').find((l) => l.startsWith('REPORT '));
    if (!line) throw new Error(`the child for ${threshold} printed no report:\n${output}`);
    const report = JSON.parse(line.slice(7)) as ChildReport;
    const label = threshold === 'default' ? 'glibc default (dynamic)' : `MALLOC_MMAP_THRESHOLD_=${threshold}`;
    const growth = report.rss[report.rss.length - 1] - report.rss[0];
    console.log(`${label.padEnd(40)} RSS ${report.rss.join(' -> ')} MB (end - start ${growth >= 0 ? '+' : ''}${growth} MB); CPU ${report.cpuSeconds.toFixed(1)} s (system ${report.systemSeconds.toFixed(1)} s); p50 ${Math.round(report.p50Ms)} ms`);
  }
}

if (process.env.BENCH_ALLOC_CHILD) await child();
