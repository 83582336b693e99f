import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../drivers/local.js';
import { newObjectKey } from '../keys.js';
import type { ObjectStorage } from '../object-storage.js';
import { ONE_DAY_MS, sweepOrphans } from '../sweep.js';

describe('sweepOrphans', () => {
  let dataDir: string;
  let storage: ObjectStorage;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'craftwell-sweep-'));
    storage = await createLocalStorage({ dataDir, publicBaseUrl: '' });
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  async function putAged(prefix: 'results' | 'uploads', ageMs: number): Promise<string> {
    const key = newObjectKey(prefix, 'png');
    await storage.put(key, Buffer.from(key), { contentType: 'image/png' });
    const when = new Date(Date.now() - ageMs);
    await fs.utimes(path.join(dataDir, 'objects', key), when, when);
    return key;
  }

  it('when objects are old and unreferenced, then they are deleted; referenced or young ones stay', async () => {
    const referenced = await putAged('results', 2 * ONE_DAY_MS);
    const orphan = await putAged('results', 2 * ONE_DAY_MS);
    const young = await putAged('results', 60_000);
    const oldUpload = await putAged('uploads', 2 * ONE_DAY_MS);
    const youngUpload = await putAged('uploads', 60_000);
    const asked: string[] = [];

    const result = await sweepOrphans(storage, {
      isReferenced: async (key) => {
        asked.push(key);
        return key === referenced;
      },
    });

    expect(result).toEqual({ scanned: 5, deleted: 2, kept: 3, failed: 0 });
    expect(await storage.stat(orphan)).toBeNull();
    expect(await storage.stat(oldUpload)).toBeNull();
    for (const key of [referenced, young, youngUpload]) expect(await storage.stat(key)).not.toBeNull();
    // Uploads are never looked up: past the age limit they are orphans by definition.
    expect(asked.sort()).toEqual([orphan, referenced].sort());
  });

  it('when a reference check fails, then that object is counted as failed and the sweep goes on', async () => {
    const first = await putAged('results', 2 * ONE_DAY_MS);
    await putAged('results', 2 * ONE_DAY_MS);
    const result = await sweepOrphans(storage, {
      prefixes: ['results/'],
      isReferenced: async (key) => {
        if (key === first) throw new Error('database down');
        return false;
      },
    });
    expect(result).toEqual({ scanned: 2, deleted: 1, kept: 0, failed: 1 });
    expect(await storage.stat(first)).not.toBeNull();
  });
});
