import pg from 'pg';

export type Db = pg.Pool;

/** Timestamps come back as Date; bigint counts as numbers (they stay far below 2^53 here). */
pg.types.setTypeParser(20, (v) => Number(v));

export function createPool(databaseUrl: string, max = 10): Db {
  // Bounded waits: an unreachable Postgres (a cut link answers nothing) must turn into a 503
  // within seconds, not hold requests until TCP gives up.
  const pool = new pg.Pool({
    connectionString: databaseUrl, max, idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000, query_timeout: 30_000, keepAlive: true,
  });
  // A client losing its connection (Postgres restarted) must not crash the process: idle ones
  // report on the pool, checked-out ones on themselves. Their next query fails, and the pool
  // drops them on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export async function withTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
