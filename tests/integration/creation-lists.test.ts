/**
 * Lists at any size: keyset pages on both lists, previews in lists and the whole content by id,
 * the dashboard counters from SQL, and the query plans on 10,000 seeded images (EXPLAIN).
 */
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as creations from '@craftwell/core/repositories/creations';
import { seedArticles, seedGallery } from '../../bench/api/seed.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

interface ListItem { id: string; content: string; content_truncated?: boolean; created_at: string; likes: string[] }

describe.skipIf(!postgresUrl)('creation lists over HTTP', () => {
  let app: TestApp;
  let db: pg.Pool;
  let erin: Awaited<ReturnType<typeof signUp>>;
  let frank: Awaited<ReturnType<typeof signUp>>;
  const get = (path: string, token: string) => fetch(`${app.url}${path}`, { headers: authed(token) });

  async function insert(userId: string, type: string, content: string, createdAt: string, publish = false): Promise<string> {
    const { rows } = await db.query(
      'INSERT INTO creations (user_id, type, prompt, content, publish, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [userId, type, `prompt at ${createdAt}`, content, publish, createdAt],
    );
    return rows[0].id;
  }

  async function readAllPages(path: string, token: string, limit: number): Promise<{ pages: ListItem[][]; first: Record<string, unknown> }> {
    const pages: ListItem[][] = [];
    let first: Record<string, unknown> = {};
    let cursor: string | null = null;
    do {
      const res = await get(`${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
      expect(res.status).toBe(200);
      const body = await res.json();
      if (!pages.length) first = body;
      pages.push(body.creations);
      cursor = body.nextCursor;
    } while (cursor && pages.length < 50);
    return { pages, first };
  }

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl() });
    db = createPool(app.database.url, 2);
    erin = await signUp(app.url, { name: 'Erin' });
    frank = await signUp(app.url, { name: 'Frank' });
  });

  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  it('when own creations span several pages, then each appears once, newest first, and the last page has no cursor', async () => {
    const ids: string[] = [];
    // Two rows share a timestamp: the id breaks the tie, so neither is skipped nor repeated.
    for (const at of ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06']) {
      ids.push(await insert(erin.user.id, 'blog-title', `titles of ${at}`, `${at}T00:00:00Z`));
    }
    await insert(frank.user.id, 'blog-title', 'not Erin’s', '2026-01-05T00:00:00Z');

    const { pages, first } = await readAllPages('/api/user/get-user-creations', erin.token, 3);
    expect(first).toMatchObject({ success: true });
    expect(Array.isArray(first.creations)).toBe(true);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const seen = pages.flat();
    expect(seen.map((c) => c.id).sort()).toEqual([...ids].sort());
    const times = seen.map((c) => Date.parse(c.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Without a limit, a user with a handful of creations gets them all on the first page.
    const whole = await (await get('/api/user/get-user-creations', erin.token)).json();
    expect(whole.creations).toHaveLength(7);
    expect(whole.nextCursor).toBeNull();
  });

  it('when a cursor or limit is malformed, then the own list answers 400 with what to do', async () => {
    const bad = await get('/api/user/get-user-creations?cursor=garbage', erin.token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('That page cursor is not valid. Start again from the first page.');
    const big = await get('/api/user/get-user-creations?limit=101', erin.token);
    expect(big.status).toBe(400);
    expect((await big.json()).message).toMatch(/at most 100/);
    for (const query of ['limit=abc', 'limit=2.5', 'limit=1&limit=2']) {
      const odd = await get(`/api/user/get-published-creations?${query}`, erin.token);
      expect(odd.status, query).toBe(400);
      expect((await odd.json()).message, query).toBe('limit must be a whole number from 1 to 100');
    }
    for (const query of ['cursor=a&cursor=b', `cursor=${'x'.repeat(201)}`]) {
      const odd = await get(`/api/user/get-published-creations?${query}`, erin.token);
      expect(odd.status, query).toBe(400);
      expect((await odd.json()).message, query).toBe('That page cursor is not valid. Start again from the first page.');
    }
  });

  it('when an article is long, then the list carries its first 300 characters and the item route the whole text, to its owner only', async () => {
    const article = `# Long read\n\n${'word '.repeat(2_000)}the end`;
    const id = await insert(frank.user.id, 'article', article, '2027-01-01T00:00:00Z');
    const imageUrl = `/files/results/${'x'.repeat(320)}.png`;
    const imageId = await insert(frank.user.id, 'image', imageUrl, '2027-01-02T00:00:00Z');

    const list = await (await get('/api/user/get-user-creations?limit=2', frank.token)).json();
    const item = list.creations.find((c: ListItem) => c.id === id);
    expect(item.content).toBe(article.slice(0, 300));
    expect(item.content_truncated).toBe(true);
    const image = list.creations.find((c: ListItem) => c.id === imageId);
    expect(image).toMatchObject({ content: imageUrl, content_truncated: false });

    const full = await (await get(`/api/user/creations/${id}`, frank.token)).json();
    expect(full).toMatchObject({ success: true, creation: { id, type: 'article', content: article } });

    const other = await get(`/api/user/creations/${id}`, erin.token);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ success: false, message: 'That creation does not exist.', code: 'not_found' });
    expect((await get('/api/user/creations/not-a-uuid', frank.token)).status).toBe(404);
  });

  it('when a creation is published, then anyone signed in can open it by id', async () => {
    const id = await insert(frank.user.id, 'image', '/files/results/shared.png', '2027-02-01T00:00:00Z', true);
    const body = await (await get(`/api/user/creations/${id}`, erin.token)).json();
    expect(body.creation).toMatchObject({ id, content: '/files/results/shared.png', publish: true, likes: [] });
  });

  it('when the dashboard asks for counters, then the total and this week come from all creations, not one page', async () => {
    const fresh = await signUp(app.url, { name: 'Gina' });
    const recent = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    const old = new Date(Date.now() - 10 * 24 * 3600_000).toISOString();
    for (let i = 0; i < 4; i++) await insert(fresh.user.id, 'article', 'text', recent);
    for (let i = 0; i < 3; i++) await insert(fresh.user.id, 'article', 'text', old);
    const stats = await (await get('/api/user/creation-stats', fresh.token)).json();
    expect(stats).toEqual({ success: true, total: 7, thisWeek: 4 });
    const empty = await (await get('/api/user/creation-stats', erin.token)).json();
    expect(empty.thisWeek).toBe(0);
    expect(empty.total).toBe(7);
  });
});

type PlanNode = { 'Node Type': string; 'Parent Relationship'?: string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

interface Plan { all: PlanNode[]; list: PlanNode[] }

/** Every node, and the nodes that handle the list itself (not the per-row subqueries' own plans). */
function nodesOf(node: PlanNode, plan: Plan = { all: [], list: [] }, inRowSubquery = false): Plan {
  plan.all.push(node);
  if (!inRowSubquery) plan.list.push(node);
  for (const child of node.Plans ?? []) nodesOf(child, plan, inRowSubquery || child['Parent Relationship'] === 'SubPlan');
  return plan;
}

describe.skipIf(!postgresUrl)('creation list query plans on 10,000 published images and 50,000 likes', () => {
  let database: TestDatabase;
  let db: pg.Pool;
  const busyUser = 'busy-writer';

  async function plan(query: creations.SqlQuery): Promise<Plan> {
    const { rows } = await db.query({ text: `EXPLAIN (FORMAT JSON) ${query.text}`, values: query.values });
    return nodesOf(rows[0]['QUERY PLAN'][0].Plan);
  }

  /**
   * The list walks `index` and stops at the LIMIT: nothing scans a whole table, and nothing sorts
   * or groups the list. Each row's likes are read by creation_likes' index; Postgres 16+ may show
   * a Sort of that one row's likes inside its subquery (15 sorts them inside array_agg, unseen),
   * which is bounded by the row, so it is allowed there and only there.
   */
  function expectIndexWalk({ all, list }: Plan, index: string) {
    expect(list.some((n) => /Index/.test(n['Node Type']) && n['Index Name'] === index)).toBe(true);
    expect(all.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    // (In JSON plans a hash or group aggregate is an "Aggregate" node; sorts may be "Incremental Sort".)
    expect(list.map((n) => n['Node Type']).filter((type) => /Sort|Aggregate|Hash/.test(type))).toEqual([]);
    expect(all.some((n) => n['Index Name'] === 'creation_likes_creation_created_idx')).toBe(true);
  }

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!);
    db = createPool(database.url, 2);
    await seedGallery(db);
    await db.query(`INSERT INTO users (id, name, email) VALUES ($1, 'Busy', 'busy@example.com')`, [busyUser]);
    await seedArticles(db, busyUser, 200);
  });

  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  it('seeds what the bench measures', async () => {
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM creations WHERE publish) AS images, (SELECT count(*)::int FROM creation_likes) AS likes`,
    );
    expect(rows[0]).toEqual({ images: 10_000, likes: 50_000 });
  });

  it('when the gallery is read, first page or by cursor, then Postgres walks the published index and reads likes by index', async () => {
    const first = await creations.listPublished(db, 25);
    expect(first).toHaveLength(25);
    expect(first[0].likes).toHaveLength(5);
    expectIndexWalk(await plan(creations.publishedPageQuery(25)), 'creations_published_idx');
    const after = { createdAt: first[24].created_at.toISOString(), id: first[24].id };
    expectIndexWalk(await plan(creations.publishedPageQuery(25, after)), 'creations_published_idx');
  });

  it('when own creations and counters are read, then both use the (user, created_at) index', async () => {
    expectIndexWalk(await plan(creations.ownPageQuery(busyUser, 50)), 'creations_user_created_idx');
    const page = await creations.listByUser(db, busyUser, 50);
    const after = { createdAt: page[49].created_at.toISOString(), id: page[49].id };
    expectIndexWalk(await plan(creations.ownPageQuery(busyUser, 50, after)), 'creations_user_created_idx');
    const { all: stats } = await plan(creations.ownStatsQuery(busyUser, new Date(Date.now() - 7 * 24 * 3600_000)));
    expect(stats.some((n) => n['Index Name'] === 'creations_user_created_idx')).toBe(true);
    expect(stats.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    // Articles are one hour apart, the newest an hour old: 100 of them in the last 100.5 hours.
    expect(await creations.statsOfUser(db, busyUser, new Date(Date.now() - 100.5 * 3600_000))).toEqual({ total: 200, thisWeek: 100 });
  });
});
