/**
 * Api start-up: time from spawning an api-only process (`npm run api`: workers apart, jobs on
 * BullMQ) to "Craftwell is running", the CPU time the process used until then (steadier than the
 * wall clock on a busy machine) and its resident memory. Median of 5 starts after one warm-up
 * (which also migrates the throw-away database), for the api's bundle with plain node (what
 * production runs) and, in the same run, the compiled tree unbundled and the TypeScript sources
 * through tsx, with the ratios.
 * Needs DATABASE_URL (an admin connection: a database is created and dropped) and REDIS_URL.
 * `--root <dir>` measures another checkout of Craftwell (e.g. an older commit) with the same steps.
 * Run: npm run bench -- api-start
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const RUNS = 5;

interface Sample { ms: number; cpu: number; rss: number }
const ROOT = path.resolve(import.meta.dirname, '../..');

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** User + system CPU time of a process so far, in ms (fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const HOW = {
  bundle: ['--conditions=compiled', '--enable-source-maps', 'api/dist/bundle/main.js', '--api-only'],
  compiled: ['--conditions=compiled', '--enable-source-maps', 'api/dist/src/main.js', '--api-only'],
  tsx: ['--import', 'tsx', 'api/src/main.ts', '--api-only'],
} as const;

async function startOnce(root: string, env: Record<string, string>, how: keyof typeof HOW): Promise<Sample> {
  const started = performance.now();
  const child = spawn(process.execPath, [...HOW[how]], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const result = await new Promise<Sample>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Craftwell is running at')) resolve({ ms: performance.now() - started, cpu: cpuMs(child.pid!), rss: rssMb(child.pid!) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`api exited ${code}:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return result;
}

export async function run(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const root = path.resolve(argValue('--root') ?? ROOT);
  const name = `cw_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-bench-api-'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1',
    LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: url.toString(), REDIS_URL: redisUrl,
    // Older checkouts know no --api-only: the same role through the environment.
    RUN_WORKERS: 'false', QUEUE_MODE: 'bullmq', QUEUE_PREFIX: `cwbench-${randomBytes(4).toString('hex')}`,
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
  };
  try {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const medians: Partial<Record<keyof typeof HOW, number>> = {};
    for (const how of Object.keys(HOW) as Array<keyof typeof HOW>) {
      const entry = HOW[how].find((a) => a.endsWith('.js'))!;
      if (how !== 'tsx' && !fs.existsSync(path.join(root, entry))) {
        console.log(`api-only start, ${how}: ${root} has no ${entry} (npm run build); skipped`);
        continue;
      }
      await startOnce(root, env, how);
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await startOnce(root, env, how));
      medians[how] = median(samples.map((s) => s.ms));
      console.log(`api-only start, ${how} (${root}): median ${medians[how]!.toFixed(0)} ms to listening, ` +
        `CPU ${median(samples.map((s) => s.cpu)).toFixed(0)} ms, ` +
        `RSS ${median(samples.map((s) => s.rss)).toFixed(0)} MB (runs: ${samples.map((s) => s.ms.toFixed(0)).join(', ')} ms)`);
    }
    if (medians.bundle && medians.compiled) console.log(`bundle / compiled start time: ${(medians.bundle / medians.compiled).toFixed(2)}`);
    if (medians.compiled && medians.tsx) console.log(`compiled / tsx start time: ${(medians.compiled / medians.tsx).toFixed(2)}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
