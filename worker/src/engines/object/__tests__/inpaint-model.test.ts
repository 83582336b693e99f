/**
 * The optional inpainting model (OBJECT_INPAINT_MODEL), run on tiny ONNX models written here with
 * LaMa's interface: they paint a known colour into the hole, so the test can tell that the hole
 * went through the model, came back at the right place and scale, and nothing else changed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '@craftwell/core/config/env';
import { describeEngines, validateEngineConfig } from '@craftwell/core/config/engines';
import { parseObjectConfig } from '@craftwell/core/config/object';
import { fillMasked } from '../fill.js';
import { decodeRgb, type Box, type Mask, type RgbImage } from '../image.js';
import { createObjectRemover } from '../index.js';
import { inpaintWithModel, modelCrop, modelErase } from '../inpaint-model.js';
import { fillObjectMask, OFFLINE_ENGINE } from '../offline.js';
import { echoMiganLikeModel, tinyInpaintModel, tinyMiganLikeModel } from '../../../../../tests/fixtures/models/tiny-inpaint-onnx.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const COLOUR: [number, number, number] = [0.2, 0.6, 0.4];
const EXPECTED = COLOUR.map((c) => Math.round(c * 255));

let dir: string;
let lamaLike: string;
let unitOutput: string;
let miganLike: string;
let coffeePng: Buffer;
let coffee: RgbImage;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'craftwell-inpaint-'));
  lamaLike = path.join(dir, 'tiny_lama.onnx');
  unitOutput = path.join(dir, 'tiny_unit_output.onnx');
  writeFileSync(lamaLike, tinyInpaintModel({ colour: COLOUR, scale: 255 }));
  writeFileSync(unitOutput, tinyInpaintModel({ colour: COLOUR, scale: 1 }));
  miganLike = path.join(dir, 'tiny_migan.onnx');
  writeFileSync(miganLike, tinyMiganLikeModel({ colour: COLOUR }));
  coffeePng = await readFile(path.join(root, 'tests/fixtures/images/coffee.png'));
  coffee = await decodeRgb(coffeePng);
});

function rectMask(width: number, height: number, box: Box): Mask {
  const data = new Uint8Array(width * height);
  for (let y = box.y1; y < box.y2; y++) data.fill(255, y * width + box.x1, y * width + box.x2);
  return { data, width, height };
}

/** Counts hole pixels off the model's colour and kept pixels that changed at all. */
function audit(before: RgbImage, after: RgbImage, mask: Mask) {
  let holeOff = 0, keptChanged = 0, worst = 0;
  for (let i = 0; i < mask.data.length; i++) {
    if (mask.data[i]) {
      const diff = Math.max(...[0, 1, 2].map((c) => Math.abs(after.data[i * 3 + c]! - EXPECTED[c]!)));
      worst = Math.max(worst, diff);
      if (diff > 2) holeOff++;
    } else if (after.data[i * 3] !== before.data[i * 3] || after.data[i * 3 + 1] !== before.data[i * 3 + 1] || after.data[i * 3 + 2] !== before.data[i * 3 + 2]) {
      keptChanged++;
    }
  }
  return { holeOff, keptChanged, worst };
}

describe('inpainting model (OBJECT_INPAINT_MODEL)', () => {
  it('fills a rectangular hole in coffee.png with the model output; every other pixel keeps its bytes', async () => {
    const mask = rectMask(coffee.width, coffee.height, { x1: 180, y1: 90, x2: 330, y2: 210 });
    const filled = await inpaintWithModel(coffee, mask, lamaLike);
    expect([filled.width, filled.height]).toEqual([coffee.width, coffee.height]);
    expect(audit(coffee, filled, mask)).toEqual({ holeOff: 0, keptChanged: 0, worst: expect.any(Number) });
    // The fixture is not already that colour there: the hole really changed.
    expect(audit(coffee, coffee, mask).holeOff).toBeGreaterThan(10_000);
  });

  it('an 8-bit model with the MI-GAN pipeline interface (mask 255 = keep) fills the hole, and only the hole', async () => {
    const mask = rectMask(coffee.width, coffee.height, { x1: 180, y1: 90, x2: 330, y2: 210 });
    const filled = await inpaintWithModel(coffee, mask, miganLike);
    expect(audit(coffee, filled, mask)).toEqual({ holeOff: 0, keptChanged: 0, worst: expect.any(Number) });
  });

  it('an 8-bit pipeline is handed the photo\'s own pixels in the hole (it erases them itself after resizing; zeros there would bleed into the hole\'s edge as a dark line)', async () => {
    const echo = path.join(mkdtempSync(path.join(os.tmpdir(), 'craftwell-echo-')), 'echo_migan.onnx');
    writeFileSync(echo, echoMiganLikeModel());
    const flat: RgbImage = { data: Buffer.alloc(300 * 200 * 3, 180), width: 300, height: 200 };
    const mask = rectMask(300, 200, { x1: 100, y1: 60, x2: 200, y2: 140 });
    const filled = await inpaintWithModel(flat, mask, echo);
    let darkened = 0;
    for (let i = 0; i < filled.data.length; i++) if (filled.data[i]! < 170) darkened++;
    expect(darkened).toBe(0);
  });

  it('on a 2000x1333 photo it works on a square crop around the hole and pastes back only the hole', async () => {
    const bigPng = await sharp(coffeePng).resize(2000, 1333, { fit: 'fill' }).png().toBuffer();
    const big = await decodeRgb(bigPng);
    // An irregular hole near the right edge: the crop has to stay inside the image.
    const mask = rectMask(big.width, big.height, { x1: 1650, y1: 500, x2: 1950, y2: 700 });
    for (let y = 700; y < 760; y++) mask.data.fill(255, y * big.width + 1700, y * big.width + 1760);
    const crop = modelCrop({ x1: 1650, y1: 500, x2: 1950, y2: 760 }, big.width, big.height);
    expect(crop).toEqual({ x1: 1400, y1: 330, x2: 2000, y2: 930 });

    const filled = await inpaintWithModel(big, mask, lamaLike);
    expect([filled.width, filled.height]).toEqual([2000, 1333]);
    expect(audit(big, filled, mask)).toEqual({ holeOff: 0, keptChanged: 0, worst: expect.any(Number) });
  });

  it('scales a model output in 0..1 up to 0..255', async () => {
    const mask = rectMask(coffee.width, coffee.height, { x1: 40, y1: 40, x2: 120, y2: 100 });
    const filled = await inpaintWithModel(coffee, mask, unitOutput);
    expect(audit(coffee, filled, mask)).toMatchObject({ holeOff: 0, keptChanged: 0 });
  });

  it('hides the other objects (protect mask) from the model as well as the hole, unless too little context would be left, and pastes back only the hole', async () => {
    const side = 64;
    const hole = rectMask(side, side, { x1: 20, y1: 20, x2: 30, y2: 30 });
    const neighbour = rectMask(side, side, { x1: 32, y1: 20, x2: 44, y2: 40 });
    const erase = await modelErase(hole, neighbour, side, side);
    const at = (x: number, y: number) => erase[y * side + x];
    expect([at(25, 25), at(38, 30), at(5, 5), at(50, 50)]).toEqual([1, 1, 0, 0]);
    expect(Array.from(await modelErase(hole, null, side, side))).toEqual(Array.from(await modelErase(hole, rectMask(side, side, { x1: 0, y1: 0, x2: 0, y2: 0 }), side, side)));
    // A neighbour filling most of the crop stays visible: the model needs context.
    const crowd = rectMask(side, side, { x1: 0, y1: 0, x2: side, y2: 50 });
    expect((await modelErase(hole, crowd, side, side))[10 * side + 10]).toBe(0);

    const mask = rectMask(coffee.width, coffee.height, { x1: 180, y1: 90, x2: 330, y2: 210 });
    const protect = rectMask(coffee.width, coffee.height, { x1: 340, y1: 90, x2: 400, y2: 210 });
    const filled = await fillMasked(coffee, mask, undefined, { inpaintModelPath: lamaLike, protect });
    expect(audit(coffee, filled.image, mask)).toEqual({ holeOff: 0, keptChanged: 0, worst: expect.any(Number) });
  });

  it('fillMasked routes even a thin hole to the model when one is configured, and the classical fill without', async () => {
    const mask = rectMask(coffee.width, coffee.height, { x1: 100, y1: 300, x2: 400, y2: 304 });
    const withModel = await fillMasked(coffee, mask, undefined, { inpaintModelPath: lamaLike });
    expect(withModel.method).toBe('model');
    expect(audit(coffee, withModel.image, mask).holeOff).toBe(0);
    const classical = await fillMasked(coffee, mask);
    expect(classical.method).toBe('telea');
    expect(audit(coffee, classical.image, mask).holeOff).toBeGreaterThan(0);
  });

  it('config: a missing model file stops start-up naming OBJECT_INPAINT_MODEL and the path', () => {
    const missing = path.join(dir, 'nowhere', 'lama_fp32.onnx');
    expect(() => parseObjectConfig({ OBJECT_INPAINT_MODEL: missing })).toThrow(/OBJECT_INPAINT_MODEL=.*nowhere\/lama_fp32\.onnx/);
    expect(() => validateEngineConfig({ OBJECT_INPAINT_MODEL: missing })).toThrow(/Invalid configuration:[\s\S]*OBJECT_INPAINT_MODEL=/);
    // A directory is not a model either.
    expect(() => parseObjectConfig({ OBJECT_INPAINT_MODEL: dir })).toThrow(/OBJECT_INPAINT_MODEL/);
    expect(parseObjectConfig({ OBJECT_INPAINT_MODEL: lamaLike }).inpaintModelPath).toBe(lamaLike);
    expect(parseObjectConfig({}).inpaintModelPath).toBeNull();
  });

  it('createObjectRemover with the model configured fills a user mask with it and says so', async () => {
    const remover = createObjectRemover(parseObjectConfig({ OBJECT_INPAINT_MODEL: lamaLike }));
    expect(remover.info.label).toMatch(/installed inpainting model/);
    expect(remover.info.id).not.toBe(OFFLINE_ENGINE.id);
    expect(createObjectRemover(parseObjectConfig({})).info.id).toBe(OFFLINE_ENGINE.id);
    // The start-up log line ("engine: remove-object -> ...") names the model too.
    const appConfig = { rawEnv: { OBJECT_INPAINT_MODEL: lamaLike }, dataDir: dir } as unknown as AppConfig;
    expect(describeEngines(appConfig)['remove-object']).toEqual(remover.info);

    const hole: Box = { x1: 220, y1: 120, x2: 320, y2: 220 };
    const mask = rectMask(coffee.width, coffee.height, hole);
    const maskPng = await sharp(Buffer.from(mask.data), { raw: { width: coffee.width, height: coffee.height, channels: 1 } }).png().toBuffer();
    const result = await remover.remove({ png: coffeePng, object: 'cup', maskPng });
    expect(result.engine).toEqual({ ...remover.info, note: 'Removed the area of your mask; filled with the inpainting model.' });
    const out = await decodeRgb(result.png);
    expect(audit(coffee, out, mask)).toMatchObject({ holeOff: 0, keptChanged: 0 });

    const { method } = await fillObjectMask(coffee, mask, undefined, { inpaintModelPath: lamaLike });
    expect(method).toBe('model');
  });
});
