/**
 * fp16 -> fp32 model conversion and its cache, on a tiny fp16 ONNX model built here (a Cast to
 * fp16, a convolution with fp16 weights stored both ways ONNX allows, a Constant, a Cast back).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fp32Model, fp32Pays } from '../fp32-cache.js';
import { convertOnnxToFp32, countFp16Initializers } from '../onnx-fp32.js';

// Minimal protobuf encoder, enough to write an ONNX model.
const varint = (v: number) => {
  const out: number[] = [];
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return Buffer.from(out);
};
const int = (field: number, v: number) => Buffer.concat([varint(field << 3), varint(v)]);
const bytes = (field: number, payload: Uint8Array | string) => {
  const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.from(payload);
  return Buffer.concat([varint((field << 3) | 2), varint(body.length), body]);
};
const msg = (...parts: Buffer[]) => Buffer.concat(parts);

const FLOAT = 1;
const FLOAT16 = 10;

/** Exact for the values used here (small multiples of 1/64). */
function toHalf(x: number): number {
  if (x === 0) return 0;
  const sign = x < 0 ? 0x8000 : 0;
  const e = Math.floor(Math.log2(Math.abs(x)));
  const mantissa = Math.round((Math.abs(x) / 2 ** e - 1) * 1024);
  return sign | ((e + 15) << 10) | mantissa;
}

const tensorType = (elem: number, dims: number[]) => msg(bytes(1, msg(int(1, elem), bytes(2, msg(...dims.map((d) => bytes(1, int(1, d))))))));
const valueInfo = (name: string, elem: number, dims: number[]) => msg(bytes(1, name), bytes(2, tensorType(elem, dims)));
const node = (op: string, inputs: string[], outputs: string[], ...attributes: Buffer[]) =>
  msg(...inputs.map((i) => bytes(1, i)), ...outputs.map((o) => bytes(2, o)), bytes(4, op), ...attributes.map((a) => bytes(5, a)));
const intAttr = (name: string, v: number) => msg(bytes(1, name), int(20, 2), int(3, v));
const tensorAttr = (name: string, t: Buffer) => msg(bytes(1, name), int(20, 4), bytes(5, t));
/** An fp16 tensor, in raw_data or (the other encoding ONNX allows) one value per int32_data entry. */
function halfTensor(name: string, dims: number[], values: number[], encoding: 'raw' | 'int32'): Buffer {
  const halves = values.map(toHalf);
  const data = encoding === 'raw'
    ? bytes(9, new Uint8Array(Uint16Array.from(halves).buffer))
    : bytes(5, Buffer.concat(halves.map(varint)));
  return msg(...dims.map((d) => int(1, d)), int(2, FLOAT16), bytes(8, name), data);
}

const weights = Array.from({ length: 3 * 2 * 3 * 3 }, (_, i) => ((i % 7) - 3) / 8);
/** x (fp32) -> Cast fp16 -> Conv (fp16 W, B) -> Mul by an fp16 Constant -> Cast fp32 -> y; and a side output. */
function tinyFp16Model(): Buffer {
  const graph = msg(
    bytes(1, node('Cast', ['x'], ['x16'], intAttr('to', FLOAT16))),
    bytes(1, node('Conv', ['x16', 'w', 'b'], ['c'], msg(bytes(1, 'pads'), int(20, 7), int(8, 1), int(8, 1), int(8, 1), int(8, 1)))),
    bytes(1, node('Constant', [], ['k'], tensorAttr('value', halfTensor('k', [], [0.5], 'raw')))),
    bytes(1, node('Mul', ['c', 'k'], ['m'])),
    bytes(1, node('Cast', ['m'], ['y'], intAttr('to', FLOAT))),
    bytes(1, node('Cast', ['c'], ['side'], intAttr('to', FLOAT))),
    bytes(2, 'tiny'),
    bytes(5, halfTensor('w', [3, 2, 3, 3], weights, 'raw')),
    bytes(5, halfTensor('b', [3], [0.25, -0.5, 1], 'int32')),
    bytes(11, valueInfo('x', FLOAT, [1, 2, 5, 5])),
    bytes(12, valueInfo('y', FLOAT, [1, 3, 5, 5])),
    bytes(12, valueInfo('side', FLOAT, [1, 3, 5, 5])),
    bytes(13, valueInfo('c', FLOAT16, [1, 3, 5, 5])),
  );
  return msg(int(1, 8), bytes(8, msg(bytes(1, ''), int(2, 13))), bytes(2, 'craftwell-test'), bytes(7, graph));
}

async function run(model: Uint8Array, input: Float32Array): Promise<ort.InferenceSession.OnnxValueMapType> {
  const session = await ort.InferenceSession.create(model);
  try {
    return await session.run({ x: new ort.Tensor('float32', input, [1, 2, 5, 5]) });
  } finally {
    await session.release();
  }
}

describe('fp16 -> fp32 ONNX conversion', () => {
  const input = Float32Array.from({ length: 50 }, (_, i) => Math.sin(i) * 2);

  it('when a fp16 model is converted, then it has no fp16 weights left and gives the same outputs within fp16 rounding', async () => {
    const fp16 = tinyFp16Model();
    const fp32 = convertOnnxToFp32(fp16);
    expect(countFp16Initializers(fp16)).toBe(2);
    expect(countFp16Initializers(fp32)).toBe(0);
    const [a, b] = [await run(fp16, input), await run(fp32, input)];
    const expected = a.y.data as Float32Array;
    const actual = b.y.data as Float32Array;
    expect(actual.length).toBe(75);
    expect(Math.max(...expected.map(Math.abs))).toBeGreaterThan(0.5); // a real signal, not zeros
    // fp16 keeps ~3 significant digits; fp32 is the more exact of the two.
    for (let i = 0; i < expected.length; i += 1) expect(actual[i]).toBeCloseTo(expected[i], 2);
    expect(Array.from(b.side.data as Float32Array).map((v) => v / 2)).toEqual(Array.from(actual).map((v) => expect.closeTo(v, 5)));
  });

  it('when the bytes are not an ONNX model, then it says so instead of writing garbage', () => {
    expect(() => convertOnnxToFp32(Buffer.from('not a model at all'))).toThrow(/ONNX/);
  });
});

describe.skipIf(!fp32Pays())('fp32 model cache', () => {
  let dir: string;
  const warnings: string[] = [];
  const options = () => ({ cacheDir: dir, warn: (m: string) => warnings.push(m) });

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fp32-cache-'));
    warnings.length = 0;
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('when loaded twice, then the second load reads the cached file, named by the source checksum', async () => {
    const source = tinyFp16Model();
    const first = await fp32Model(source, 'tiny', options());
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^tiny-[0-9a-f]{64}-fp32\.onnx$/);
    expect(files[1]).toBe(`${files[0]}.sha256`);
    expect(Buffer.from(await readFile(path.join(dir, files[0])))).toEqual(Buffer.from(first));
    // Mark the cached copy (still valid, digest updated) to see it is what the next load returns.
    const marked = Buffer.concat([Buffer.from(first), bytes(2, 'cached')]);
    await writeFile(path.join(dir, files[0]), marked);
    const { createHash } = await import('node:crypto');
    await writeFile(path.join(dir, files[1]), createHash('sha256').update(marked).digest('hex'));
    expect(Buffer.from(await fp32Model(source, 'tiny', options()))).toEqual(marked);
    expect(warnings).toEqual([]);
  });

  it('when the source changes, then a new file is converted beside the old one', async () => {
    await fp32Model(tinyFp16Model(), 'tiny', options());
    const changed = Buffer.concat([tinyFp16Model(), bytes(2, 'another producer')]);
    await fp32Model(changed, 'tiny', options());
    expect((await readdir(dir)).filter((f) => f.endsWith('.onnx'))).toHaveLength(2);
  });

  it('when the cached file is corrupt, then it is converted again and replaced, not loaded', async () => {
    const source = tinyFp16Model();
    const good = Buffer.from(await fp32Model(source, 'tiny', options()));
    const file = path.join(dir, (await readdir(dir)).find((f) => f.endsWith('.onnx'))!);
    const corrupt = Buffer.from(good);
    corrupt[corrupt.length - 10] ^= 0xff;
    await writeFile(file, corrupt);
    expect(Buffer.from(await fp32Model(source, 'tiny', options()))).toEqual(good);
    expect(await readFile(file)).toEqual(good);
  });

  it('when several loads convert at once, then the cache holds one intact file and no leftovers', async () => {
    const source = tinyFp16Model();
    const results = await Promise.all(Array.from({ length: 6 }, () => fp32Model(source, 'tiny', options())));
    for (const r of results) expect(Buffer.from(r)).toEqual(Buffer.from(results[0]));
    const files = await readdir(dir);
    expect(files).toHaveLength(2); // the model and its digest, no temporary files
    const session = await ort.InferenceSession.create(await readFile(path.join(dir, files.find((f) => f.endsWith('.onnx'))!)));
    await session.release();
  });

  it('when the model cannot be converted, then the shipped one is used with one warning', async () => {
    const broken = Buffer.concat([tinyFp16Model(), Buffer.from([0x0a])]); // a truncated trailing field
    expect(await fp32Model(broken, 'tiny', options())).toBe(broken);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/using the shipped/);
  });

  it('when the cache folder cannot be written, then the converted model is still used, with one warning', async () => {
    const blocked = path.join(dir, 'a-file');
    await writeFile(blocked, '');
    const model = await fp32Model(tinyFp16Model(), 'tiny', { cacheDir: path.join(blocked, 'cache'), warn: (m) => warnings.push(m) });
    expect(countFp16Initializers(model)).toBe(0);
    expect(warnings).toHaveLength(1);
  });
});
