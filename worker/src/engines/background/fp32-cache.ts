/**
 * The shipped ISNet weights are half precision. onnxruntime's CPU provider has no fp16
 * convolution kernels on x86, so it runs such a graph with casts around the fp16 parts; the same
 * graph converted to fp32 needs about 10 % less CPU per run on the x86 machine we measured
 * (docs/benchmarks.md, `npm run bench -- background`). The conversion takes a few seconds, so it is done once and the result kept in a cache folder
 * (DATA_DIR/models/cache), named by the SHA-256 of the shipped model: a new package version
 * converts again. A `.sha256` file beside it holds the digest of the converted bytes, and a cached
 * file that does not match it is converted again and replaced, never loaded.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { convertOnnxToFp32, countFp16Initializers } from './onnx-fp32.js';

export interface Fp32ModelOptions {
  /** Where converted models are kept; without it the conversion is redone on every load. */
  cacheDir?: string;
  /** One line when the shipped model is used after all (conversion or cache failure). */
  warn?: (message: string) => void;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Whether converting pays on this machine: on x86 (x64) only. On arm64 onnxruntime has fp16
 * kernels for CPUs with fp16 vector arithmetic; we have not measured there, so the shipped model
 * is kept.
 */
export function fp32Pays(arch: string = process.arch): boolean {
  return arch === 'x64';
}

/** Writes a file whole or not at all: a reader never sees it half written. */
async function writeAtomically(file: string, bytes: Uint8Array | string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** The cached conversion if present and intact, else null. */
async function readCached(file: string): Promise<Uint8Array | null> {
  try {
    const [bytes, digest] = await Promise.all([readFile(file), readFile(`${file}.sha256`, 'utf8')]);
    return sha256(bytes) === digest.trim() ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * The model bytes to load: the fp32 conversion of `source` (from the cache, or converted now and
 * cached) when it pays and the source is fp16; otherwise `source` itself.
 */
export async function fp32Model(source: Uint8Array, name: string, options: Fp32ModelOptions = {}): Promise<Uint8Array> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  if (!fp32Pays()) return source;
  let fp16: boolean;
  try {
    fp16 = countFp16Initializers(source) > 0;
  } catch (err) {
    warn(`${name}: could not read the model to convert it to fp32 (${err instanceof Error ? err.message : err}); using the shipped model`);
    return source;
  }
  if (!fp16) return source;
  const file = options.cacheDir && path.join(options.cacheDir, `${name}-${sha256(source)}-fp32.onnx`);
  if (file) {
    const cached = await readCached(file);
    if (cached) return cached;
  }
  let converted: Uint8Array;
  try {
    converted = convertOnnxToFp32(source);
  } catch (err) {
    warn(`${name}: could not convert the model to fp32 (${err instanceof Error ? err.message : err}); using the shipped fp16 model`);
    return source;
  }
  if (file) {
    try {
      await mkdir(path.dirname(file), { recursive: true });
      // The digest goes first: a model file present under its final name always has its digest.
      await writeAtomically(`${file}.sha256`, `${sha256(converted)}\n`);
      await writeAtomically(file, converted);
    } catch (err) {
      warn(`${name}: could not cache the fp32 model in ${options.cacheDir} (${err instanceof Error ? err.message : err}); it will be converted again on the next load`);
    }
  }
  return converted;
}
