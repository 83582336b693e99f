/**
 * Every test server gets a fresh DATA_DIR, so each would convert the background model to fp32
 * again on its first image job (seconds of CPU each, paid dozens of times a run on a 2-core
 * machine). Their model caches are one folder instead: entries are named by the source model's
 * digest, checked against their own digest when read and written atomically (fp32-cache.ts), so
 * servers running side by side share it safely. The conversion itself is tested on its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SHARED = path.join(os.tmpdir(), 'craftwell-test-model-cache');

export function shareModelCache(dataDir: string): void {
  fs.mkdirSync(SHARED, { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'models'), { recursive: true });
  fs.symlinkSync(SHARED, path.join(dataDir, 'models', 'cache'), 'dir');
}
