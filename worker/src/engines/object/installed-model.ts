/**
 * The inpainting model an administrator installed from the admin page (Engines panel). Its file
 * is in object storage; each worker keeps a local copy named by its SHA-256 under
 * DATA_DIR/models/installed, fetched on first use and checked against that checksum. Looked up on
 * every object removal, so an install or a removal counts from the next job with no restart.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import { MODEL_CATALOG } from '@craftwell/core/models/catalog';
import { installedEngines } from '@craftwell/core/repositories/engine-installs';
import type { ObjectStorage } from '@craftwell/storage/object-storage';

export interface InstalledModel {
  /** Catalogue name (lama, migan). */
  name: string;
  path: string;
}

/** Resolves the installed model for the next job, or null when none is installed. */
export type InstalledModelLookup = () => Promise<InstalledModel | null>;

export function installedModelLookup(deps: { db: Db; storage: ObjectStorage; dataDir: string; log: Logger }): InstalledModelLookup {
  const folder = path.join(deps.dataDir, 'models', 'installed');
  const fetching = new Map<string, Promise<string>>();
  const order = MODEL_CATALOG.filter((m) => m.kind === 'inpaint').map((m) => m.name);

  /** The local copy of one stored model, fetched once (concurrent jobs share the fetch). */
  function localCopy(sha256: string, key: string): Promise<string> {
    const target = path.join(folder, `${sha256}.onnx`);
    let pending = fetching.get(sha256);
    if (!pending) {
      pending = (async () => {
        if (await stat(target).catch(() => null)) return target;
        await mkdir(folder, { recursive: true });
        const partial = `${target}.${process.pid}.part`;
        const hash = createHash('sha256');
        try {
          const { stream } = await deps.storage.getStream(key);
          await pipeline(stream, new Transform({ transform(chunk: Buffer, _enc, done) { hash.update(chunk); done(null, chunk); } }), createWriteStream(partial));
          const actual = hash.digest('hex');
          if (actual !== sha256) throw new Error(`the stored model does not match its checksum (expected ${sha256}, got ${actual})`);
          await rename(partial, target);
          return target;
        } finally {
          await rm(partial, { force: true });
        }
      })();
      fetching.set(sha256, pending);
      pending.catch(() => undefined).finally(() => fetching.delete(sha256));
    }
    return pending;
  }

  /** Local copies of models no longer installed go, and their loaded sessions with them. */
  async function prune(keep: Set<string>) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files) {
      if (!file.endsWith('.onnx') || keep.has(file.slice(0, -'.onnx'.length))) continue;
      const gone = path.join(folder, file);
      // Imported here: a text-only worker builds this lookup too and must not load onnxruntime.
      const { releaseInpaintModel } = await import('./inpaint-model.js');
      await releaseInpaintModel(gone);
      await rm(gone, { force: true });
      deps.log.info(`object removal: removed the local copy of an uninstalled inpainting model (${file})`);
    }
  }

  return async () => {
    const installed = await installedEngines(deps.db);
    await prune(new Set(installed.map((m) => m.sha256)));
    installed.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    const chosen = installed.find((m) => order.includes(m.name));
    if (!chosen) return null;
    return { name: chosen.name, path: await localCopy(chosen.sha256, chosen.storage_key) };
  };
}
