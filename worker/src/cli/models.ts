/**
 * npm run models -- list
 * npm run models -- pull <name | https-url> [--sha256 <hex>] [--file <name.gguf>] [--force]
 * npm run models -- add <file.onnx | https-url> [--sha256 <hex>] [--file <name.onnx>] [--force]
 *
 * `add` installs an inpainting model for object removal (a LaMa or MI-GAN ONNX export) from a
 * path or URL: the checksum is verified when given (and always printed), and the file must load
 * as an image + mask model, else nothing is left behind.
 * Models go to DATA_DIR/models (default ./.data/models), where the worker finds the first *.gguf.
 * A pulled inpainting model (`pull lama`, `pull migan`, .onnx) is used when OBJECT_INPAINT_MODEL names it;
 * on a running server the admin page's Engines panel installs one for every worker instead.
 */
import { createHash } from 'node:crypto';
import { readdirSync, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkInpaintModelFile } from '../engines/object/inpaint-model.js';
import { pathToFileURL } from 'node:url';
import { loadDataDir, loadModelMirror } from '@craftwell/core/config/env';
import { MODEL_CATALOG, MODEL_FILE_EXTENSION, modelUrl, type CatalogModel } from '@craftwell/core/models/catalog';
import { downloadModel, ModelDownloadError, modelFileNameOf, modelPathIn, type DownloadProgress } from '@craftwell/core/models/download';

export interface CliIo {
  dataDir: string;
  out: NodeJS.WritableStream & { isTTY?: boolean };
  err: NodeJS.WritableStream & { isTTY?: boolean };
  /** Tests point catalogue entries at a local server; otherwise MODEL_CATALOG. */
  catalog?: readonly CatalogModel[];
  /** MODEL_MIRROR_URL: catalogue entries are fetched from this mirror instead. */
  mirror?: string;
}

const USAGE = `Usage:
  npm run models -- list
  npm run models -- pull <name | https-url> [--sha256 <hex>] [--file <name.gguf>] [--force]
  npm run models -- add <file.onnx | https-url> [--sha256 <hex>] [--file <name.onnx>] [--force]`;

export async function runModelsCli(argv: string[], io: CliIo): Promise<number> {
  const [command, target, ...rest] = argv;
  const modelsDir = path.join(io.dataDir, 'models');
  const catalog = io.catalog ?? MODEL_CATALOG;
  if (command === 'list') {
    const files = existsSync(modelsDir) ? readdirSync(modelsDir).sort() : [];
    const gguf = files.filter((f) => f.endsWith(MODEL_FILE_EXTENSION.text));
    const inpaint = catalog.filter((m) => m.kind === 'inpaint' && files.includes(m.file));
    const installed = [...gguf, ...inpaint.map((m) => m.file)];
    io.out.write(`Recommended models (download with: npm run models -- pull <name>):\n`);
    for (const model of catalog) {
      io.out.write(`  ${installed.includes(model.file) ? '✔' : ' '} ${model.name.padEnd(24)} ${model.approxSize.padStart(7)}  ${model.description}\n`);
    }
    io.out.write(`\nIn ${modelsDir}: ${installed.length ? installed.join(', ') : 'no models yet'}\n`);
    if (gguf.length) io.out.write(`The worker uses ${gguf[0]} unless AI_TEXT_MODEL_PATH says otherwise.\n`);
    for (const model of inpaint) io.out.write(`Object removal uses ${model.file} with ${inpaintModelLine(path.join(modelsDir, model.file))}\n`);
    return 0;
  }
  if (command === 'add' && target) return addInpaintModel(target, parseFlags(rest), modelsDir, io);
  if (command !== 'pull' || !target) {
    io.err.write(`${USAGE}\n`);
    return 2;
  }
  const flags = parseFlags(rest);
  const model = catalog.find((m) => m.name === target);
  if (!model && !/^https?:\/\//.test(target)) {
    io.err.write(`Unknown model "${target}". Known: ${catalog.map((m) => m.name).join(', ')} — or pass a URL.\n`);
    return 2;
  }
  const url = model ? modelUrl(model, io.mirror) : target;
  // A bare URL is a text model; only a catalogue entry can be another kind.
  const extension = MODEL_FILE_EXTENSION[model?.kind ?? 'text'];
  // A URL of your own is vouched for by its checksum, never by the server that sends the file.
  if (!model && !flags.sha256) {
    io.err.write('A download from a URL needs its checksum: pass --sha256 <hex> (the SHA-256 its publisher lists).\n');
    return 2;
  }
  const file = flags.file ?? model?.file ?? (modelFileNameOf(url) || 'model.gguf');
  if (!file.endsWith(extension)) {
    io.err.write(`The file name must end in ${extension} (got "${file}"); pass --file <name${extension}>.\n`);
    return 2;
  }
  const bar = progressBar(io.err, file);
  try {
    const result = await downloadModel({ url, file, modelsDir, sha256: flags.sha256 ?? model?.sha256, force: flags.force, onProgress: bar.update });
    bar.done();
    io.out.write(`Saved ${result.path} (${formatMb(result.bytes)}, sha256 ${result.sha256}).\n`);
    if (model?.kind === 'inpaint') io.out.write(`To use it for object removal, add this line to .env:\n${inpaintModelLine(result.path)}\n`);
    io.out.write('Restart the worker to use it.\n');
    return 0;
  } catch (error) {
    bar.done();
    io.err.write(`${error instanceof ModelDownloadError ? error.message : `Download failed: ${String(error)}`}\n`);
    return 1;
  }
}

/** `add`: copy or download an inpainting ONNX into the models folder, verified, or leave nothing. */
async function addInpaintModel(
  source: string, flags: { sha256?: string; file?: string; force: boolean }, modelsDir: string, io: CliIo,
): Promise<number> {
  const isUrl = /^https?:\/\//.test(source);
  const file = flags.file ?? (isUrl ? modelFileNameOf(source) : path.basename(source));
  if (!file.endsWith(MODEL_FILE_EXTENSION.inpaint)) {
    io.err.write(`An inpainting model is an ONNX file: the name must end in .onnx (got "${file}"); pass --file <name.onnx>.\n`);
    return 2;
  }
  if (flags.sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(flags.sha256)) {
    io.err.write('--sha256 must be 64 hexadecimal characters.\n');
    return 2;
  }
  if (isUrl && !flags.sha256) {
    io.err.write('A download from a URL needs its checksum: pass --sha256 <hex> (the SHA-256 its publisher lists).\n');
    return 2;
  }
  let target: string;
  try {
    target = modelPathIn(modelsDir, file);
  } catch (error) {
    io.err.write(`${(error as Error).message}\n`);
    return 2;
  }
  let sha256: string;
  try {
    if (isUrl) {
      const bar = progressBar(io.err, file);
      const result = await downloadModel({ url: source, file, modelsDir, sha256: flags.sha256, force: flags.force, onProgress: bar.update }).finally(bar.done);
      sha256 = result.sha256;
    } else {
      if (!existsSync(source)) throw new ModelDownloadError(`No file at ${path.resolve(source)}.`);
      if (existsSync(target) && !flags.force) throw new ModelDownloadError(`${target} already exists; pass --force to replace it.`);
      sha256 = createHash('sha256').update(await readFile(source)).digest('hex');
      if (flags.sha256 && sha256 !== flags.sha256.toLowerCase()) {
        throw new ModelDownloadError(`Checksum mismatch for ${file}: expected ${flags.sha256.toLowerCase()}, got ${sha256}. Nothing was installed.`);
      }
      await mkdir(modelsDir, { recursive: true });
      await copyFile(source, `${target}.part`);
      await rename(`${target}.part`, target);
    }
  } catch (error) {
    io.err.write(`${error instanceof ModelDownloadError ? error.message : `Could not add the model: ${String(error)}`}\n`);
    return 1;
  }
  try {
    const shape = await checkInpaintModelFile(target);
    io.out.write(`Saved ${target} (sha256 ${sha256}; works at ${shape.width}×${shape.height}, ${shape.bytes ? '8-bit' : 'float'} pixels).\n`);
  } catch (error) {
    await rm(target, { force: true });
    io.err.write(`${file} is not an inpainting model this app can use (it needs an image input and a mask input): ${(error as Error).message}. Nothing was installed.\n`);
    return 1;
  }
  io.out.write(`To use it for object removal, add this line to .env:\n${inpaintModelLine(target)}\nRestart the worker to use it.\n`);
  return 0;
}

function inpaintModelLine(modelPath: string): string {
  return `OBJECT_INPAINT_MODEL=${modelPath}`;
}

function parseFlags(args: string[]): { sha256?: string; file?: string; force: boolean } {
  const flags: { sha256?: string; file?: string; force: boolean } = { force: false };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--sha256') flags.sha256 = args[++i];
    else if (args[i] === '--file') flags.file = args[++i];
    else if (args[i] === '--force') flags.force = true;
  }
  return flags;
}

function formatMb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A one-line bar redrawn in place on a terminal; on a pipe, a line every 10%. */
export function progressBar(stream: NodeJS.WritableStream & { isTTY?: boolean }, label: string) {
  const started = Date.now();
  let lastStep = -1;
  let lastDraw = 0;
  let drawn = false;
  return {
    update: ({ received, total }: DownloadProgress) => {
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      const speed = `${formatMb(received / seconds)}/s`;
      if (total === null) {
        if (stream.isTTY && Date.now() - lastDraw > 100) { stream.write(`\r${label} ${formatMb(received)} ${speed}   `); lastDraw = Date.now(); drawn = true; }
        return;
      }
      const fraction = Math.min(1, received / total);
      const width = 30;
      const filled = Math.round(fraction * width);
      const line = `${label} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}% ${formatMb(received)} / ${formatMb(total)} ${speed}`;
      if (stream.isTTY) {
        if (Date.now() - lastDraw > 100 || fraction === 1) { stream.write(`\r${line}`); lastDraw = Date.now(); drawn = true; }
      } else {
        const step = Math.floor(fraction * 10);
        if (step > lastStep) { stream.write(`${line}\n`); lastStep = step; }
      }
    },
    done: () => { if (drawn) stream.write('\n'); },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = loadDataDir();
  runModelsCli(process.argv.slice(2), { dataDir, mirror: loadModelMirror(), out: process.stdout, err: process.stderr })
    .then((code) => { process.exitCode = code; })
    .catch((error: unknown) => { console.error(error); process.exitCode = 1; });
}
