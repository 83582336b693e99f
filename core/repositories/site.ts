/** SQL for the public site: newsletter sign-ups and the database health check. */
import type { Db } from '../db/pool.js';

/** Adds an address to the newsletter list; signing up twice is not an error. */
export async function subscribeToNewsletter(db: Db, email: string): Promise<void> {
  await db.query('INSERT INTO newsletter_subscribers (email) VALUES ($1) ON CONFLICT DO NOTHING', [email]);
}

/** Throws when Postgres does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.query('SELECT 1');
}
