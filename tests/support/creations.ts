/** Creations written the way the worker writes them: the object in the app's storage, then the row. */
import type pg from 'pg';
import sharp from 'sharp';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import { newObjectKey } from '@craftwell/storage/keys';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import type { TestApp } from './app.js';

/** The storage the running test app uses (same driver, same place). */
export function storageOf(app: TestApp): Promise<ObjectStorage> {
  return createObjectStorage(parseStorageConfig(app.env, { dataDir: app.dataDir }));
}

export async function tinyPng(colour = { r: 200, g: 30, b: 60 }): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 6, channels: 3, background: colour } }).png().toBuffer();
}

export async function insertImageCreation(db: pg.Pool, storage: ObjectStorage, userId: string, fields: { prompt?: string; publish?: boolean } = {}) {
  const key = newObjectKey('results', 'png');
  await storage.put(key, await tinyPng(), { contentType: 'image/png' });
  const { rows } = await db.query(
    `INSERT INTO creations (user_id, type, prompt, content, publish, object_key) VALUES ($1, 'image', $2, $3, $4, $5) RETURNING id`,
    [userId, fields.prompt ?? 'Generate an image of a fox in the style Realistic', storage.publicUrl(key), fields.publish ?? false, key],
  );
  return { id: rows[0].id as string, key };
}

export async function insertTextCreation(db: pg.Pool, userId: string, fields: { type?: string; prompt?: string; content?: string } = {}) {
  const { rows } = await db.query(
    `INSERT INTO creations (user_id, type, prompt, content) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, fields.type ?? 'article', fields.prompt ?? 'Write an article about Tide Pools in Short (500-800 words)', fields.content ?? '# Tide pools\n\nSmall **worlds** between the rocks.\n\n- anemones\n- crabs\n'],
  );
  return rows[0].id as string;
}
