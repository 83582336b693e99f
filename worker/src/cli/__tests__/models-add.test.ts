/**
 * `npm run models -- add <file | url>`: installs an inpainting ONNX (LaMa or MI-GAN export) for
 * object removal, verifying the checksum and that the file is an image + mask model; on any
 * failure nothing is left in the models folder. The installed model then fills removals, and the
 * reply says so.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseObjectConfig } from '@craftwell/core/config/object';
import { createObjectRemover } from '../../engines/object/index.js';
import { DEFAULT_INSTANCE_MODEL_PATH } from '../../engines/object/instance-seg.js';
import { loadRealPhoto } from '../../engines/object/__tests__/real-photo-asks.js';
import { tinyInpaintModel } from '../../../../tests/fixtures/models/tiny-inpaint-onnx.js';
import { encodePng } from '../../engines/object/image.js';
import { runModelsCli } from '../models.js';

const model = tinyInpaintModel({ colour: [0, 1, 0], scale: 255 });
const sha = createHash('sha256').update(model).digest('hex');
const sourceDir = mkdtempSync(path.join(os.tmpdir(), 'craftwell-add-src-'));
const modelFile = path.join(sourceDir, 'migan-like.onnx');
writeFileSync(modelFile, model);
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/models/lama-like.onnx') res.writeHead(200, { 'content-length': String(model.length) }).end(model);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { server.closeAllConnections(); await new Promise((r) => server.close(r)); });

function io() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'craftwell-models-'));
  const out = new PassThrough(), err = new PassThrough();
  let outText = '', errText = '';
  out.on('data', (d: Buffer) => { outText += d.toString(); });
  err.on('data', (d: Buffer) => { errText += d.toString(); });
  const models = () => (existsSync(path.join(dataDir, 'models')) ? readdirSync(path.join(dataDir, 'models')) : []);
  return { dataDir, out, err, models, text: () => ({ out: outText, err: errText }) };
}

describe('npm run models -- add', () => {
  it('when a file with its checksum is added, then it is installed, and object removal fills with it and says so', async () => {
    const cli = io();
    expect(await runModelsCli(['add', modelFile, '--sha256', sha], cli)).toBe(0);
    const saved = path.join(cli.dataDir, 'models', 'migan-like.onnx');
    expect(cli.text().out).toContain(`sha256 ${sha}`);
    const line = cli.text().out.split('\n').find((l) => l.startsWith('OBJECT_INPAINT_MODEL='));
    expect(line).toBe(`OBJECT_INPAINT_MODEL=${saved}`);

    const remover = createObjectRemover(parseObjectConfig({ OBJECT_INPAINT_MODEL: saved }));
    const image = await loadRealPhoto('darknet-person.jpg');
    const result = await remover.remove({ png: await encodePng(image), object: 'dog' });
    expect(result.engine.note).toMatch(/^Found 1 dog; removed the dog using its instance mask; filled with the inpainting model\.$/);
  });

  it('when the checksum does not match, then it fails and nothing is installed', async () => {
    const cli = io();
    expect(await runModelsCli(['add', modelFile, '--sha256', 'f'.repeat(64)], cli)).toBe(1);
    expect(cli.text().err).toMatch(/Checksum mismatch for migan-like\.onnx: expected f{64}, got [0-9a-f]{64}\. Nothing was installed\./);
    expect(cli.models()).toEqual([]);
  });

  it('when the file is an ONNX model of another kind (one input), then it is refused and removed', async () => {
    const cli = io();
    expect(await runModelsCli(['add', DEFAULT_INSTANCE_MODEL_PATH], cli)).toBe(1);
    expect(cli.text().err).toMatch(/is not an inpainting model this app can use \(it needs an image input and a mask input\)/);
    expect(cli.models()).toEqual([]);
  });

  it('when a URL is given, then it is downloaded, verified and installed', async () => {
    const cli = io();
    expect(await runModelsCli(['add', `${base}/models/lama-like.onnx`, '--sha256', sha], cli)).toBe(0);
    expect(cli.models()).toEqual(['lama-like.onnx']);
  });

  it('when the name does not end in .onnx or the checksum is malformed, then usage errors come back', async () => {
    const cli = io();
    expect(await runModelsCli(['add', modelFile, '--file', 'model.bin'], cli)).toBe(2);
    expect(await runModelsCli(['add', modelFile, '--sha256', 'abc'], cli)).toBe(2);
    expect(cli.text().err).toMatch(/must end in \.onnx[\s\S]*64 hexadecimal characters/);
  });
});
