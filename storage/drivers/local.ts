/**
 * Local-disk driver: objects live under `<dataDir>/objects/<key>`, with the content type in a
 * sidecar file `<key>.meta.json`. Writes go to a temp file in the same directory and are renamed
 * into place, so a reader never sees half an object. Keys are validated before any path is built.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectNotFoundError } from '../errors.js';
import { assertValidKey, assertValidListPrefix, isValidKey, urlsUnder } from '../keys.js';
import type { ObjectStorage, PutOptions, StoredObjectInfo } from '../object-storage.js';

export interface LocalStorageConfig {
  /** DATA_DIR; objects go to `<dataDir>/objects`. */
  dataDir: string;
  /** Origin put before `/files/<key>` ('' = same-origin relative URLs). */
  publicBaseUrl: string;
}

const SIDECAR_SUFFIX = '.meta.json';
/** Uploads and results are private to the app's user: folders 0700, files 0600. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

interface Sidecar {
  contentType: string;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

export async function createLocalStorage(config: LocalStorageConfig): Promise<ObjectStorage> {
  const root = path.resolve(config.dataDir, 'objects');
  await fs.mkdir(root, { recursive: true, mode: DIR_MODE });
  // A root left open by an older version (0755) is closed; the folders below need no walk then.
  // (A mounted folder we do not own keeps the mode its owner gave it.)
  await fs.chmod(root, DIR_MODE).catch(() => undefined);
  const filesBase = `${config.publicBaseUrl.replace(/\/+$/, '')}/files/`;

  /** Absolute path of a key; refuses anything that would leave the root. */
  function pathOf(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(root + path.sep)) throw new Error('Key escapes the storage root');
    return resolved;
  }

  async function writeAtomically(target: string, body: Buffer | Readable): Promise<void> {
    const temp = path.join(path.dirname(target), `.tmp-${randomBytes(8).toString('hex')}`);
    let out: WriteStream | null = null;
    try {
      if (Buffer.isBuffer(body)) {
        await fs.writeFile(temp, body, { mode: FILE_MODE });
      } else {
        out = createWriteStream(temp, { mode: FILE_MODE });
        await pipeline(body, out);
      }
      await fs.rename(temp, target);
    } catch (error) {
      // A source that fails at once rejects before the file is even open: wait for the stream to
      // close, or the file it then creates would outlive this delete.
      const stream = out;
      if (stream && !stream.closed) await new Promise<void>((resolve) => stream.once('close', () => resolve()));
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async function stat(key: string): Promise<StoredObjectInfo | null> {
    const file = pathOf(key);
    try {
      const [info, sidecar] = await Promise.all([fs.stat(file), readSidecar(file)]);
      if (!info.isFile()) return null;
      return { key, size: info.size, contentType: sidecar.contentType, lastModified: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function readSidecar(file: string): Promise<Sidecar> {
    try {
      const parsed = JSON.parse(await fs.readFile(file + SIDECAR_SUFFIX, 'utf8')) as Partial<Sidecar>;
      return { contentType: typeof parsed.contentType === 'string' ? parsed.contentType : DEFAULT_CONTENT_TYPE };
    } catch (error) {
      if (isMissing(error)) return { contentType: DEFAULT_CONTENT_TYPE };
      throw error;
    }
  }

  async function* walk(dir: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield full;
    }
  }

  return {
    driver: 'local',

    async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
      // Sidecar first: once the object is visible, its content type is too.
      const sidecar: Sidecar = { contentType: options.contentType };
      await writeAtomically(file + SIDECAR_SUFFIX, Buffer.from(JSON.stringify(sidecar)));
      await writeAtomically(file, body);
    },

    async getStream(key: string) {
      const info = await stat(key);
      if (!info) throw new ObjectNotFoundError(key);
      const stream = createReadStream(pathOf(key));
      return { stream, info };
    },

    async getBuffer(key: string): Promise<Buffer> {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        throw error;
      }
    },

    stat,

    async delete(key: string): Promise<void> {
      const file = pathOf(key);
      await fs.rm(file, { force: true });
      await fs.rm(file + SIDECAR_SUFFIX, { force: true });
    },

    async *list(prefix: string): AsyncIterable<StoredObjectInfo> {
      assertValidListPrefix(prefix);
      for await (const file of walk(path.join(root, prefix))) {
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!isValidKey(key)) continue; // sidecars and temp files
        const info = await stat(key);
        if (info) yield info;
      }
    },

    ...urlsUnder(filesBase),

    async ping(): Promise<void> {
      // A real write: a full disk (ENOSPC) or a read-only volume fails here, not on a user's job.
      const probe = path.join(root, `.ready-${randomBytes(6).toString('hex')}`);
      try {
        await fs.writeFile(probe, 'ok');
      } finally {
        await fs.rm(probe, { force: true });
      }
    },
  };
}
