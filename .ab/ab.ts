// A/B: the same routes on two checkouts' servers, alternating, CPU per request from /proc.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import autocannon from 'autocannon';
import { createTestDatabase } from '/work/main/tests/support/database.ts';
import { signUp } from '/work/main/bench/api/harness.ts';
import { seedGallery } from '/work/main/bench/api/seed.ts';

const trees = process.argv.slice(2);
const cpuOf = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10_000; };
const db = await createTestDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'cw_ab');
const secret = randomBytes(32).toString('hex');
const servers = [];
for (const tree of trees) {
  const child = fork(`${tree}/bench/api/serve.ts`, ['app'], { cwd: tree, execArgv: ['--import', 'tsx', ...(process.env.AB_PROF ? [process.env.AB_HEAP ? '--heap-prof' : '--cpu-prof', (process.env.AB_HEAP ? '--heap-prof-dir=' : '--cpu-prof-dir=') + process.env.AB_PROF, '--heap-prof-interval=65536'] : [])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: `/tmp/ab-${randomBytes(3).toString('hex')}`, DATABASE_URL: db.url, REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_MODE: 'bullmq', QUEUE_PREFIX: `cwab-${randomBytes(3).toString('hex')}`, BETTER_AUTH_SECRET: secret, RATE_LIMIT_PER_MINUTE: '100000', AI_RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: 'loopback', RUN_WORKERS: 'false' } });
  const port = await new Promise<number>((r) => child.on('message', (m: any) => m?.type === 'listening' && r(m.port)));
  servers.push({ tree, child, url: `http://127.0.0.1:${port}` });
}
const user = await signUp(servers[0].url);
const pool = new pg.Pool({ connectionString: db.url, max: 2 }); await seedGallery(pool); await pool.end();
if (process.env.AB_ALS_OFF) servers[1].child.send('als-off');
const headers = { authorization: `Bearer ${user.token}` };
const route = process.env.AB_ROUTE ?? '/api/user/get-published-creations?limit=24';
const rounds = Number(process.env.AB_ROUNDS ?? 4);
const out: Record<string, string[]> = {};
for (let round = 0; round < rounds + 1; round++) for (const s of servers) {
  const c0 = cpuOf(s.child.pid!); const r = await autocannon({ url: s.url + route, headers, connections: 32, duration: round === 0 ? 2 : 5 }); const c1 = cpuOf(s.child.pid!);
  if (r.non2xx) throw new Error(`${s.tree}: ${r.non2xx} non-2xx`);
  if (round === 0) continue; // warm-up
  (out[s.tree + servers.indexOf(s)] ??= []).push(`${Math.round(r.requests.average)} req/s ${Math.round((c1 - c0) / r.requests.total)} us`);
}
console.log(route); console.log(out);
for (const s of servers) s.child.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 2000)); await db.drop(); process.exit(0);
