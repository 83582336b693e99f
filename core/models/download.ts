/**
 * A verified model download into a folder: the one way a model file arrives (the models CLI and
 * the Engines panel both use it). The bytes are hashed as they arrive and the file is moved into
 * place only when the SHA-256 matches the expected one (pinned, given, or announced by Hugging
 * Face with the redirect); otherwise nothing is left behind.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface DownloadProgress { received: number; total: number | null }

export interface DownloadRequest {
  url: string;
  /** Destination file name inside `modelsDir`. */
  file: string;
  modelsDir: string;
  sha256?: string;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** Replace an existing file. */
  force?: boolean;
  /** Stop and delete the file past this many bytes, whatever the server says the size is. */
  maxBytes?: number;
}

export class ModelDownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelDownloadError';
  }
}

const MAX_REDIRECTS = 5;

/** A model file's name: one plain name (no folder, no `..`), as a URL or a person gives it. */
const SAFE_MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/;

/** The file name a download URL suggests: its last path segment, decoded, without any folder. */
export function modelFileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  let decoded = last;
  try { decoded = decodeURIComponent(last); } catch { /* malformed escapes: judged as written */ }
  return decoded.split(/[\\/]/).pop() ?? '';
}

/**
 * Where a model file goes: inside `modelsDir`, never elsewhere, whatever the name. Every write of
 * a model passes here (the sink), so a name from a URL or a flag cannot climb out of the folder.
 */
export function modelPathIn(modelsDir: string, file: string): string {
  const folder = path.resolve(modelsDir);
  const target = path.resolve(folder, file);
  if (!SAFE_MODEL_NAME.test(file) || file.includes('..') || path.dirname(target) !== folder) {
    throw new ModelDownloadError(`"${file}" is not a plain file name: use letters, digits, dots, dashes and underscores (pass --file <name>).`);
  }
  return target;
}

/** Downloads to `<file>.part`, checks the SHA-256, then moves it into place. Returns the path. */
export async function downloadModel(request: DownloadRequest): Promise<{ path: string; sha256: string; bytes: number }> {
  const target = modelPathIn(request.modelsDir, request.file);
  if (!request.force && (await stat(target).catch(() => null))) {
    throw new ModelDownloadError(`${target} already exists (use --force to download it again).`);
  }
  await mkdir(request.modelsDir, { recursive: true });

  // Follow redirects by hand: the checksum header is on the redirect, not on the final response.
  let url = request.url;
  let announced: string | undefined;
  let response: Response | undefined;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    try {
      response = await fetch(url, { redirect: 'manual', signal: request.signal });
    } catch (error) {
      // Stopped on purpose: the caller's own reason stands.
      if (request.signal?.aborted) throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new ModelDownloadError(`Could not reach ${new URL(url).host} (${cause?.code ?? cause?.message ?? String(error)}): check this machine's network, or set MODEL_MIRROR_URL to a mirror it can reach.`);
    }
    announced ??= parseSha(response.headers.get('x-linked-etag'));
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).toString();
      continue;
    }
    break;
  }
  if (!response || !response.ok || !response.body) {
    throw new ModelDownloadError(`Download failed: ${request.url} answered HTTP ${response?.status ?? 'nothing'}.`);
  }
  const expected = (request.sha256 ?? announced)?.toLowerCase();
  if (!expected || !/^[0-9a-f]{64}$/.test(expected)) {
    await response.body.cancel();
    throw new ModelDownloadError('No SHA-256 checksum is known for this download: pass --sha256 <hex> so the file can be verified.');
  }

  const total = Number(response.headers.get('content-length')) || null;
  const partial = `${target}.part`;
  const hash = createHash('sha256');
  const out = createWriteStream(partial);
  let received = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      received += chunk.length;
      if (request.maxBytes !== undefined && received > request.maxBytes) {
        throw new ModelDownloadError(`Download of ${request.file} is larger than ${request.maxBytes} bytes, far more than this model should be; stopped.`);
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      request.onProgress?.({ received, total });
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  const actual = hash.digest('hex');
  if (actual !== expected) {
    await rm(partial, { force: true });
    throw new ModelDownloadError(`Checksum mismatch for ${request.file}: expected ${expected}, got ${actual}. The partial file was deleted.`);
  }
  if (total !== null && received !== total) {
    await rm(partial, { force: true });
    throw new ModelDownloadError(`Download of ${request.file} ended early (${received} of ${total} bytes).`);
  }
  await rename(partial, target);
  return { path: target, sha256: actual, bytes: received };
}

function parseSha(header: string | null): string | undefined {
  const value = header?.replace(/^W\//, '').replace(/"/g, '').trim();
  return value && /^[0-9a-f]{64}$/i.test(value) ? value : undefined;
}
