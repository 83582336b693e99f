import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../drivers/local.js';
import { newObjectKey } from '../keys.js';

const modeOf = async (p: string) => (await fs.stat(p)).mode & 0o777;

describe('local driver permissions', () => {
  it('when objects are stored, then only the owner can list or read them (dirs 0700, files 0600), whatever the umask', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'craftwell-perm-'));
    const previous = process.umask(0o022);
    try {
      // An objects folder left world-readable by an older version is closed too.
      await fs.mkdir(path.join(dataDir, 'objects'), { mode: 0o755 });
      await fs.chmod(path.join(dataDir, 'objects'), 0o755);
      const storage = await createLocalStorage({ dataDir, publicBaseUrl: '' });
      const fromBuffer = newObjectKey('results', 'png');
      const fromStream = newObjectKey('uploads', 'jpg');
      await storage.put(fromBuffer, Buffer.from('png'), { contentType: 'image/png' });
      await storage.put(fromStream, Readable.from([Buffer.from('jpg')]), { contentType: 'image/jpeg' });

      const root = path.join(dataDir, 'objects');
      expect(await modeOf(root)).toBe(0o700);
      for (const key of [fromBuffer, fromStream]) {
        const file = path.join(root, key);
        expect(await modeOf(file)).toBe(0o600);
        expect(await modeOf(file + '.meta.json')).toBe(0o600);
        for (let dir = path.dirname(file); dir !== root; dir = path.dirname(dir)) expect(await modeOf(dir)).toBe(0o700);
      }
    } finally {
      process.umask(previous);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
