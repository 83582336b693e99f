import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStorageConformance } from '../conformance/storage-conformance.js';
import { createLocalStorage } from '../drivers/local.js';
import { newObjectKey } from '../keys.js';

runStorageConformance('local disk', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'craftwell-local-'));
  return {
    storage: await createLocalStorage({ dataDir, publicBaseUrl: '' }),
    cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
});

describe('local driver specifics', () => {
  it('when an object is stored, then it lives under DATA_DIR/objects with a content-type sidecar and no temp files', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'craftwell-local-'));
    try {
      const storage = await createLocalStorage({ dataDir, publicBaseUrl: 'https://cdn.example.com/' });
      const key = newObjectKey('results', 'png');
      await storage.put(key, Buffer.from('png'), { contentType: 'image/png' });
      const file = path.join(dataDir, 'objects', key);
      expect(await fs.readFile(file, 'utf8')).toBe('png');
      expect(JSON.parse(await fs.readFile(file + '.meta.json', 'utf8'))).toEqual({ contentType: 'image/png' });
      expect((await fs.readdir(path.dirname(file))).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
      expect(storage.publicUrl(key)).toBe(`https://cdn.example.com/files/${key}`);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('when a streamed put fails midway, then no object and no temp file remain', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'craftwell-local-'));
    try {
      const storage = await createLocalStorage({ dataDir, publicBaseUrl: '' });
      const key = newObjectKey('uploads', 'pdf');
      const { Readable } = await import('node:stream');
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put(key, failing, { contentType: 'application/pdf' })).rejects.toThrow('client went away');
      expect(await storage.stat(key)).toBeNull();
      const dir = path.join(dataDir, 'objects', path.dirname(key));
      expect((await fs.readdir(dir)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
