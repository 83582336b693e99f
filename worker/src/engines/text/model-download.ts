/**
 * Recommended small instruct models in GGUF form (and the optional LaMa inpainting model for object
 * removal, in ONNX form) and a verified download into DATA_DIR/models.
 * Only the explicit `npm run models -- pull` command uses this; nothing downloads at run time.
 *
 * Checksums: --sha256 gives the expected SHA-256 (the CLI requires it for a URL of your own); a
 * catalogue entry pins its own or, for the fixed Hugging Face files above, uses Hugging Face's
 * `X-Linked-Etag` header (the SHA-256 of the LFS file, sent with the redirect). A download with no
 * checksum from any of them is refused.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** text: a GGUF model the worker finds by itself; inpaint: an ONNX model for OBJECT_INPAINT_MODEL. */
export type ModelKind = 'text' | 'inpaint';

export const MODEL_FILE_EXTENSION: Record<ModelKind, string> = { text: '.gguf', inpaint: '.onnx' };

export interface CatalogModel {
  name: string;
  kind: ModelKind;
  description: string;
  url: string;
  file: string;
  approxSize: string;
  sha256?: string;
}

export const MODEL_CATALOG: readonly CatalogModel[] = [
  {
    name: 'qwen2.5-0.5b-instruct',
    kind: 'text',
    description: 'Qwen2.5 0.5B Instruct, Q4_K_M — smallest and fastest; fine for titles, rough for long articles',
    url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    approxSize: '0.5 GB',
  },
  {
    name: 'llama-3.2-1b-instruct',
    kind: 'text',
    description: 'Llama 3.2 1B Instruct, Q4_K_M — a good balance on a small CPU',
    url: 'https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    file: 'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    approxSize: '0.8 GB',
  },
  {
    name: 'qwen2.5-1.5b-instruct',
    kind: 'text',
    description: 'Qwen2.5 1.5B Instruct, Q4_K_M — better articles and reviews, about twice as slow',
    url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    approxSize: '1.1 GB',
  },
  {
    name: 'llama-3.2-3b-instruct',
    kind: 'text',
    description: 'Llama 3.2 3B Instruct, Q4_K_M — best quality here; wants 4+ cores and 4 GB of RAM',
    url: 'https://huggingface.co/bartowski/Llama-3.2-3B-Instruct-GGUF/resolve/main/Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    file: 'Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    approxSize: '2.0 GB',
  },
  {
    name: 'lama',
    kind: 'inpaint',
    description: 'LaMa inpainting (Carve/LaMa-ONNX, Apache-2.0) — optional learned fill for object removal (OBJECT_INPAINT_MODEL)',
    url: 'https://huggingface.co/Carve/LaMa-ONNX/resolve/main/lama_fp32.onnx',
    file: 'lama_fp32.onnx',
    approxSize: '208 MB',
    sha256: '1faef5301d78db7dda502fe59966957ec4b79dd64e16f03ed96913c7a4eb68d6',
  },
];

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
    response = await fetch(url, { redirect: 'manual', signal: request.signal });
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
