/**
 * The fault suite (`npm run test:faults`): a deployment of two apis and two workers on one
 * Redis, Postgres and S3 server, behind a round-robin proxy, under load from a few signed-in
 * users, while workers, an api, Redis (with and without its data) and Postgres are killed and
 * restarted. For every phase: each request is answered within a bound, no signed-in user gets 401,
 * no acknowledged job is lost or run twice, no quota stays held, every file has its row and every
 * row its file, and everything recovers without a restart.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import { sweepOrphans } from '@craftwell/storage/sweep';
import { currentPeriod } from '@craftwell/core/period';
import { postgresToolsAvailable } from '../support/private-services.js';
import { startCluster, type Cluster } from './support/cluster.js';
import { REQUEST_BOUND_MS, signUpUser, startLoad, type Reply, type User } from './support/load.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const canRun = postgresToolsAvailable();
if (!canRun && process.env.CI) throw new Error('initdb and pg_ctl must be on PATH for the fault suite');

function summarize(replies: Reply[]) {
  const phases = [...new Set(replies.map((r) => r.phase))];
  return phases.map((phase) => {
    const of = replies.filter((r) => r.phase === phase);
    const count = (s: Reply['status']) => of.filter((r) => r.status === s).length;
    return {
      phase,
      requests: of.length,
      ok: count(200),
      '503': count(503),
      'cut by the dead api': count('network'),
      other: of.filter((r) => r.status !== 200 && r.status !== 503 && r.status !== 'network').map((r) => `${r.status} ${r.path}: ${r.message}`).join(', '),
      'max ms': Math.max(...of.map((r) => r.ms)),
    };
  });
}

describe.skipIf(!canRun)('faults under load', () => {
  let cluster: Cluster;
  let users: User[];
  let db: pg.Client;

  beforeAll(async () => {
    cluster = await startCluster();
    users = [];
    for (let i = 0; i < 3; i++) users.push(await signUpUser(cluster.url, i));
  }, 240_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await cluster?.stop();
  }, 60_000);

  it('when a session is made on one api, then the other api accepts it', async () => {
    const user = await signUpUser(cluster.apis[0].url, 99);
    const me = await fetch(`${cluster.apis[1].url}/api/me`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).user.id).toBe(user.id);
  });

  it('when sign-in attempts for one account alternate between the apis, then they share one rate limit', async () => {
    const user = await signUpUser(cluster.url, 97);
    const { email } = user;
    const attempt = (i: number) => fetch(`${cluster.apis[i % 2].url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.apis[i % 2].url },
      body: JSON.stringify({ email, password: 'not the password' }),
    }).then((r) => r.status);
    // SIGN_IN_RATE_LIMIT_PER_MINUTE is 6 in this deployment: three attempts on each api...
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await attempt(i));
    expect(statuses.every((s) => s === 401)).toBe(true);
    // ...and the seventh is refused by either api, the one that saw only three as well.
    expect(await attempt(0)).toBe(429);
    expect(await attempt(1)).toBe(429);
  });

  it('when a user reaches the limit through one api, then the other api refuses the next use too', async () => {
    const user = await signUpUser(cluster.url, 98);
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      // One use left of QUOTA_FREE (1000) this month.
      await client.query(
        `INSERT INTO usage_counters (user_id, tool, period, used) VALUES ($1, 'blog-title', $2, 999)`,
        [user.id, currentPeriod()],
      );
    } finally {
      await client.end();
    }
    const title = (url: string) => fetch(`${url}/api/ai/generate-blog-title`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Generate a blog title for the keyword tea in the category Food' }),
    });
    expect((await title(cluster.apis[0].url)).status).toBe(200);
    expect((await title(cluster.apis[1].url)).status).toBe(402);
  });

  it('when workers, an api, Redis and Postgres fail under load, then every request is answered, nothing is lost or held, and it recovers', async () => {
    const load = startLoad(cluster.url, users);
    const apiDown = { from: Infinity, to: -Infinity };
    const phase = async (name: string, fault: () => Promise<void>, settleMs: number) => {
      load.setPhase(name);
      await fault();
      await sleep(settleMs);
    };
    try {
      await sleep(3000);
      // Jobs run on either worker: each is killed in turn while the other carries on.
      await phase('worker 1 killed (-9)', () => cluster.workers[0]!.signal('SIGKILL').then(() => undefined), 6000);
      await cluster.startWorker(0);
      await phase('worker 2 killed (-9)', () => cluster.workers[1]!.signal('SIGKILL').then(() => undefined), 6000);
      await cluster.startWorker(1);
      apiDown.from = Date.now();
      await phase('api 1 killed (-9)', () => cluster.apis[0].kill(), 4000);
      await cluster.apis[0].start();
      apiDown.to = Date.now();
      await phase('redis restarted (append-only file)', async () => { await cluster.redis.kill(); await sleep(2000); await cluster.redis.start(); }, 5000);
      await phase('redis restarted (data lost)', async () => { await cluster.redis.kill(); await sleep(2000); await cluster.redis.start({ wipe: true }); }, 6000);
      await phase('postgres stopped 5 s', async () => { await cluster.postgres.stop(); await sleep(5000); await cluster.postgres.start(); }, 4000);
      await phase('recovery', async () => undefined, 8000);
    } finally {
      await load.stop();
    }
    const replies = load.replies;
    console.table(summarize(replies));

    // No process died of the faults (the ones killed were started again).
    const alive = (child: { exitCode: number | null; signalCode: string | null } | null | undefined) => Boolean(child) && child!.exitCode === null && child!.signalCode === null;
    expect(cluster.apis.map((api) => alive(api.child))).toEqual([true, true]);
    expect(cluster.workers.map((worker) => alive(worker?.child))).toEqual([true, true]);
    // Every request answered within the bound (none waits for JOB_WAIT_TIMEOUT), never 401.
    expect(replies.filter((r) => r.status === 'timeout')).toEqual([]);
    expect(Math.max(...replies.map((r) => r.ms))).toBeLessThan(REQUEST_BOUND_MS);
    expect(replies.filter((r) => r.status === 401)).toEqual([]);
    // Connections cut only while an api was dead; otherwise a status a client can act on.
    expect(replies.filter((r) => r.status === 'network' && !(r.sentAt <= apiDown.to && r.sentAt + r.ms >= apiDown.from))).toEqual([]);
    expect(replies.filter((r) => typeof r.status === 'number' && ![200, 503].includes(r.status))).toEqual([]);
    // Recovery without a restart.
    const recovery = replies.filter((r) => r.phase === 'recovery');
    expect(recovery.length).toBeGreaterThan(5);
    expect(recovery.filter((r) => r.status !== 200)).toEqual([]);

    // Let the reservation sweep and any handed-back jobs finish.
    await sleep(8000);
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const { rows: creations } = await db.query('SELECT id, job_id, type, user_id, object_key FROM creations');
    // No acknowledged job lost; none run twice.
    const saved = new Set(creations.map((c) => c.id));
    expect(replies.filter((r) => r.creationId && !saved.has(r.creationId))).toEqual([]);
    expect(new Set(creations.map((c) => c.job_id)).size).toBe(creations.length);
    expect(creations.length).toBeLessThanOrEqual(replies.filter((r) => r.path.startsWith('/api/ai/')).length);
    // No quota held by a failed job; counted uses match the creations that spent them.
    const { rows: held } = await db.query('SELECT job_id FROM usage_reservations');
    expect(held).toEqual([]);
    const { rows: counted } = await db.query(`SELECT user_id, sum(used)::int AS used FROM usage_counters WHERE tool = 'blog-title' GROUP BY user_id`);
    for (const user of users) {
      const titles = creations.filter((c) => c.user_id === user.id && c.type === 'blog-title').length;
      expect(counted.find((r) => r.user_id === user.id)?.used ?? 0).toBe(titles);
    }
    // Every file has its row and every row its file. A worker killed between storing a result
    // and inserting its row leaves the file behind: the orphan sweep (hourly, for files older
    // than a day) removes exactly those; run here with no age limit, nothing being in flight.
    const storage = await createObjectStorage(parseStorageConfig(cluster.env, { dataDir: cluster.env.DATA_DIR }));
    const isReferenced = async (key: string) => (await db.query('SELECT 1 FROM creations WHERE object_key = $1', [key])).rowCount! > 0;
    const swept = await sweepOrphans(storage, { isReferenced, olderThanMs: 0, prefixes: ['results/'] });
    console.log(`orphan sweep after the faults: ${swept.deleted} result file(s) without a row removed`);
    const files = new Set<string>();
    for await (const object of storage.list('results/')) files.add(object.key);
    const referenced = new Set(creations.map((c) => c.object_key).filter(Boolean));
    expect([...files].filter((k) => !referenced.has(k))).toEqual([]);
    expect([...referenced].filter((k) => !files.has(k))).toEqual([]);
    const uploads: string[] = [];
    for await (const object of storage.list('uploads/')) uploads.push(object.key);
    expect(uploads).toEqual([]);
  }, 300_000);
});
