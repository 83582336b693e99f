/**
 * `npm run models -- pull lama`: the catalogue's LaMa entry, pointed at a local server, saves an
 * .onnx file, checks it against the catalogue's SHA-256 and prints the OBJECT_INPAINT_MODEL line.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseObjectConfig } from '@craftwell/core/config/object';
import { MODEL_CATALOG, type CatalogModel } from '@craftwell/core/models/catalog';
import { runModelsCli } from '../models.js';

const onnx = Buffer.alloc(512 * 1024, 3);
const sha = createHash('sha256').update(onnx).digest('hex');
const lama = MODEL_CATALOG.find((m) => m.name === 'lama')!;
const migan = MODEL_CATALOG.find((m) => m.name === 'migan')!;
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === new URL(migan.url).pathname) {
      // As Hugging Face answers: a redirect that announces the file's SHA-256.
      res.writeHead(302, { location: '/cdn/migan', 'x-linked-etag': `"${sha}"` }).end();
    } else if (req.url === '/cdn/migan') {
      res.writeHead(200, { 'content-length': String(onnx.length) }).end(onnx);
    } else if (req.url === '/Carve/LaMa-ONNX/resolve/main/lama_fp32.onnx') {
      res.writeHead(200, { 'content-length': String(onnx.length), 'content-type': 'application/octet-stream' }).end(onnx);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { server.closeAllConnections(); await new Promise((r) => server.close(r)); });

/** The real catalogue with the LaMa entry served locally; `sha256` as given. */
function localCatalog(sha256: string): CatalogModel[] {
  return MODEL_CATALOG.map((m) => (m === lama ? { ...m, url: `${base}${new URL(m.url).pathname}`, sha256 } : m));
}

function io(catalog: readonly CatalogModel[], dataDir = mkdtempSync(path.join(os.tmpdir(), 'craftwell-models-'))) {
  const out = new PassThrough(), err = new PassThrough();
  let outText = '', errText = '';
  out.on('data', (d: Buffer) => { outText += d.toString(); });
  err.on('data', (d: Buffer) => { errText += d.toString(); });
  return { dataDir, out, err, catalog, text: () => ({ out: outText, err: errText }) };
}

describe('npm run models -- pull lama', () => {
  it('the catalogue entry is the Carve/LaMa-ONNX fp32 export with its published checksum', () => {
    expect(lama).toMatchObject({
      kind: 'inpaint',
      file: 'lama_fp32.onnx',
      url: 'https://huggingface.co/Carve/LaMa-ONNX/resolve/main/lama_fp32.onnx',
      sha256: '1faef5301d78db7dda502fe59966957ec4b79dd64e16f03ed96913c7a4eb68d6',
    });
  });

  it('saves the .onnx, verifies its checksum and prints the OBJECT_INPAINT_MODEL line that config accepts', async () => {
    const cli = io(localCatalog(sha));
    expect(await runModelsCli(['pull', 'lama'], cli)).toBe(0);
    const saved = path.join(cli.dataDir, 'models', 'lama_fp32.onnx');
    expect(readFileSync(saved).equals(onnx)).toBe(true);
    expect(cli.text().out).toContain(`sha256 ${sha}`);
    const line = cli.text().out.split('\n').find((l) => l.startsWith('OBJECT_INPAINT_MODEL='));
    expect(line).toBe(`OBJECT_INPAINT_MODEL=${saved}`);
    expect(parseObjectConfig({ OBJECT_INPAINT_MODEL: line!.split('=')[1] }).inpaintModelPath).toBe(saved);

    const list = io(localCatalog(sha), cli.dataDir);
    expect(await runModelsCli(['list'], list)).toBe(0);
    expect(list.text().out).toMatch(/✔ lama\s/);
    expect(list.text().out).toContain(`Object removal uses lama_fp32.onnx with OBJECT_INPAINT_MODEL=${saved}`);
    // No GGUF here, so no claim about which text model the worker uses.
    expect(list.text().out).not.toMatch(/The worker uses/);
  });

  it('a file that does not match the catalogue checksum is deleted and the pull fails', async () => {
    const cli = io(localCatalog('f'.repeat(64)));
    expect(await runModelsCli(['pull', 'lama'], cli)).toBe(1);
    expect(cli.text().err).toMatch(/Checksum mismatch for lama_fp32\.onnx/);
    expect(readdirSync(path.join(cli.dataDir, 'models'))).toEqual([]);
    expect(cli.text().out).not.toMatch(/OBJECT_INPAINT_MODEL/);
  });

  it('every inpainting model pins its SHA-256; MI-GAN is the authors\' release at a fixed revision', () => {
    for (const model of MODEL_CATALOG.filter((m) => m.kind === 'inpaint')) expect(model.sha256, model.name).toMatch(/^[0-9a-f]{64}$/);
    expect(migan).toMatchObject({
      file: 'migan_pipeline_v2.onnx',
      url: 'https://huggingface.co/andraniksargsyan/migan/resolve/406830d0fa60666da0071c342ad2fbc8f30c5c64/migan_pipeline_v2.onnx',
      sha256: '6f1f3530a1a2324b19752018ce756088b07973cda8d7d890034ace5c8a48c40b',
    });
  });

  it('pull migan refuses bytes that are not the pinned file, even when the server announces their checksum', async () => {
    const cli = { ...io(MODEL_CATALOG), mirror: `${base}/` };
    expect(await runModelsCli(['pull', 'migan'], cli)).toBe(1);
    expect(cli.text().err).toMatch(/Checksum mismatch for migan_pipeline_v2\.onnx: expected 6f1f3530/);
    expect(readdirSync(path.join(cli.dataDir, 'models'))).toEqual([]);
    expect(cli.text().out).not.toMatch(/OBJECT_INPAINT_MODEL/);
  });

  it('pull migan fetches from MODEL_MIRROR_URL and saves the file that matches its pin', async () => {
    const catalog = MODEL_CATALOG.map((m) => (m === migan ? { ...m, sha256: sha } : m));
    const cli = { ...io(catalog), mirror: `${base}/` };
    expect(await runModelsCli(['pull', 'migan'], cli)).toBe(0);
    const saved = path.join(cli.dataDir, 'models', 'migan_pipeline_v2.onnx');
    expect(readFileSync(saved).equals(onnx)).toBe(true);
    expect(cli.text().out).toContain(`sha256 ${sha}`);
    expect(cli.text().out).toContain(`OBJECT_INPAINT_MODEL=${saved}`);
  });

  it('an address that cannot be reached fails with its host named and what to do, and leaves nothing', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const cli = { ...io(MODEL_CATALOG), mirror: `http://127.0.0.1:${port}/` };
    expect(await runModelsCli(['pull', 'migan'], cli)).toBe(1);
    expect(cli.text().err).toMatch(new RegExp(`^Could not reach 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\): check this machine's network, or set MODEL_MIRROR_URL`));
    expect(existsSync(path.join(cli.dataDir, 'models')) ? readdirSync(path.join(cli.dataDir, 'models')) : []).toEqual([]);
  });

  it('a text model pulled by URL still has to be .gguf', async () => {
    const cli = io(localCatalog(sha));
    expect(await runModelsCli(['pull', `${base}/Carve/LaMa-ONNX/resolve/main/lama_fp32.onnx`, '--sha256', sha], cli)).toBe(2);
    expect(cli.text().err).toMatch(/must end in \.gguf/);
    expect(existsSync(path.join(cli.dataDir, 'models'))).toBe(false);
  });
});
