/** The embedded engine on real photos. The model loads once for this file (getIsnet singleton). */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIsnetRemover } from '../embedded.js';
import { configureIsnet, getIsnet, IsnetSession, predictSaliencyMask } from '../isnet.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../tests/fixtures/images');
const normalised = async (file: string) => sharp(await readFile(path.join(fixtures, file))).png().toBuffer();

/** Known points per photo, picked by looking at them: on the subject, and far out in the background. */
const PHOTOS = [
  {
    file: 'astronaut.jpg', width: 512, height: 512,
    subject: [[225, 130], [200, 380], [380, 420]], // face, suit, helmet
    background: [[20, 20], [480, 100], [40, 250], [490, 250]],
  },
  {
    file: 'coffee.png', width: 600, height: 400,
    subject: [[290, 150], [150, 300], [370, 290]], // coffee, saucer, spoon
    background: [[20, 20], [580, 380], [560, 50], [30, 200]],
  },
] as const;

// One inference is ~2.5 s on an idle 2-core machine; the generous limit absorbs a busy one.
describe('ISNet background removal (embedded)', { timeout: 180_000 }, () => {
  const remover = createIsnetRemover();

  beforeAll(async () => {
    await getIsnet(); // load once, outside the per-test timing
  });

  for (const photo of PHOTOS) {
    it(`when given ${photo.file}, then the subject stays opaque and the far background turns transparent at the input size`, async () => {
      const out = await remover.remove(await normalised(photo.file));
      const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
      expect(await sharp(out).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
      expect([info.width, info.height, info.channels]).toEqual([photo.width, photo.height, 4]);
      const alphaAt = ([x, y]: readonly number[]) => data[(y * info.width + x) * 4 + 3];
      for (const point of photo.subject) expect(alphaAt(point), `subject ${point}`).toBe(255);
      for (const point of photo.background) expect(alphaAt(point), `background ${point}`).toBe(0);
      // Soft edges exist but are a thin band, not a fog over the image.
      let partial = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0 && data[i] < 255) partial += 1;
      expect(partial / (info.width * info.height)).toBeLessThan(0.08);
    });
  }

  it('when the input already has transparent pixels, then they stay transparent', async () => {
    const { data, info } = await sharp(await normalised('coffee.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let y = 140; y < 160; y += 1) for (let x = 280; x < 300; x += 1) data[(y * info.width + x) * 4 + 3] = 0;
    const input = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png().toBuffer();
    const out = await sharp(await remover.remove(input)).raw().toBuffer();
    expect(out[(150 * info.width + 290) * 4 + 3]).toBe(0);
    expect(out[(150 * info.width + 320) * 4 + 3]).toBe(255);
  });

  it('when predictSaliencyMask is given RGB, then it returns one byte per pixel, high on the subject', async () => {
    const { data, info } = await sharp(path.join(fixtures, 'chelsea.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const mask = await predictSaliencyMask({ data, width: info.width, height: info.height });
    expect(mask.length).toBe(info.width * info.height);
    expect(mask[150 * info.width + 250]).toBeGreaterThan(240); // the cat's face
    expect(mask[50 * info.width + 10]).toBeLessThan(15); // dark background, top left
  });

  it('when the RGB buffer does not match the size, then it says so', async () => {
    await expect(predictSaliencyMask({ data: Buffer.alloc(10), width: 4, height: 4 })).rejects.toThrow(/Expected 4x4 RGB/);
  });

  it('when asked again, then the same warm session is reused', async () => {
    expect(await getIsnet()).toBe(await getIsnet({ model: 'medium', threads: 2 }));
    await expect(getIsnet({ model: 'small' })).rejects.toThrow(/already loaded/);
  });

  it('when the job is already cancelled, then nothing runs', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(remover.remove(await normalised('coffee.png'), { signal: controller.signal })).rejects.toThrow('cancelled');
  });

  it('when the session sits idle for the idle time, then the model is unloaded, and the next run loads it again with the same answer', async () => {
    const { data, info } = await sharp(path.join(fixtures, 'chelsea.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = { data, width: info.width, height: info.height };
    const session = await getIsnet();
    configureIsnet({ model: 'medium', threads: 2, idleMs: 300 });
    try {
      const before = await predictSaliencyMask(rgb);
      expect(session.loaded).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(session.loaded).toBe(false);
      // A run queued right behind an unload gets a loaded model, never a released one.
      const unloading = session.unload();
      const after = await predictSaliencyMask(rgb);
      await unloading;
      expect(after.equals(before)).toBe(true);
      expect(session.loaded).toBe(true);
    } finally {
      configureIsnet({ model: 'medium', threads: 2, idleMs: 0 });
    }
  });

  it('when the model runs as converted (fp32 on x86), then its masks match the shipped model\'s on real photos (IoU >= 0.99)', async () => {
    const dir = path.resolve(fixtures, '../real-photos');
    // Two photos keep the test short; the benchmark compares all of them.
    const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort().slice(0, 2);
    const shipped = await IsnetSession.create({ precision: 'shipped' });
    try {
      for (const file of files) {
        const { data, info } = await sharp(path.join(dir, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const rgb = { data, width: info.width, height: info.height };
        const [a, b] = [await shipped.predictMask(rgb), await predictSaliencyMask(rgb)];
        let both = 0;
        let either = 0;
        for (let i = 0; i < a.length; i += 1) {
          if (a[i] >= 128 && b[i] >= 128) both += 1;
          if (a[i] >= 128 || b[i] >= 128) either += 1;
        }
        expect(both / either, file).toBeGreaterThanOrEqual(0.99);
      }
    } finally {
      await shipped.release();
    }
  });
});
