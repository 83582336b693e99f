/**
 * Object removal on real photos: the detector finds the named object where a person marked it,
 * the fill changes the hole and blends with its surroundings, and refusals carry the promised
 * messages. Before/after pairs are written to tests/artifacts/object-removal/ for a human look.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { parseObjectConfig } from '@craftwell/core/config/object';
import { boxIou, detectionTiles, detectObjects, detectObjectsInTiles, loadDetector, type Detection } from '../detector.js';
import { decodeRgb, type Box, type Mask, type RgbImage } from '../image.js';
import { createObjectRemover } from '../index.js';
import { buildObjectMask } from '../mask.js';
import { fillObjectMask, locateObject } from '../offline.js';
import { loadOpenCv } from '../opencv.js';
import { predictSaliencyMask } from '../../background/isnet.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const fixtures = path.join(root, 'tests/fixtures');
const artifacts = path.join(root, 'tests/artifacts/object-removal');
const marks = JSON.parse(await readFile(path.join(fixtures, 'object-removal/boxes.json'), 'utf8')) as {
  'coffee.png': { cup: Box };
  'coffee.png saucer': { cx: number; cy: number; rx: number; ry: number };
  'astronaut.jpg': { person: Box };
  'building.jpg': { car: Box };
};
const boxes = { 'coffee.png': marks['coffee.png'], 'astronaut.jpg': marks['astronaut.jpg'], 'building.jpg': marks['building.jpg'] };
const saucerEllipse = marks['coffee.png saucer'];

let coffeePng: Buffer;
let coffee: RgbImage;
const offline = createObjectRemover(parseObjectConfig({}));

beforeAll(async () => {
  // Models load once for the whole file.
  await Promise.all([loadOpenCv(), loadDetector()]);
  coffeePng = await readFile(path.join(fixtures, 'images/coffee.png'));
  coffee = await decodeRgb(coffeePng);
  await mkdir(artifacts, { recursive: true });
  console.log(`object removal before/after pairs: ${artifacts}`);
});

async function savePair(name: string, before: Buffer, after: Buffer): Promise<void> {
  const meta = await sharp(before).metadata();
  const w = meta.width!, h = meta.height!;
  const pair = await sharp({ create: { width: 2 * w + 8, height: h, channels: 3, background: '#ffffff' } })
    .composite([{ input: before, left: 0, top: 0 }, { input: after, left: w + 8, top: 0 }])
    .png().toBuffer();
  await writeFile(path.join(artifacts, `${name}.png`), pair);
}

/** Mean RGB over the pixels where `select` is true. */
function meanColour(image: RgbImage, select: (i: number) => boolean): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    if (!select(i)) continue;
    sum[0]! += image.data[i * 3]!; sum[1]! += image.data[i * 3 + 1]!; sum[2]! += image.data[i * 3 + 2]!; n++;
  }
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

function distance(a: number[], b: number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/** Normalised 8x8x8 RGB histogram of the selected pixels. */
function histogram(image: RgbImage, select: (i: number) => boolean): Float64Array {
  const h = new Float64Array(512);
  let n = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    if (!select(i)) continue;
    h[((image.data[i * 3]! >> 5) << 6) | ((image.data[i * 3 + 1]! >> 5) << 3) | (image.data[i * 3 + 2]! >> 5)]! += 1;
    n++;
  }
  return h.map((v) => v / n);
}

function bhattacharyya(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.sqrt(a[i]! * b[i]!);
  return sum;
}

/** Pixels outside the mask but within `width` pixels of it (chessboard distance). */
function ringAround(mask: Mask, width: number): Uint8Array {
  const ring = new Uint8Array(mask.data.length);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      for (let yy = Math.max(0, y - width); yy <= Math.min(mask.height - 1, y + width); yy++) {
        for (let xx = Math.max(0, x - width); xx <= Math.min(mask.width - 1, x + width); xx++) {
          const j = yy * mask.width + xx;
          if (!mask.data[j]) ring[j] = 1;
        }
      }
    }
  }
  return ring;
}

describe('when the named object is in the photo', () => {
  it('then the detector box for "cup" overlaps the marked cup (IoU >= 0.6)', async () => {
    const located = await locateObject({ image: coffee, name: 'cup', minScore: 0.2 });
    const truth = boxes['coffee.png']!.cup!;
    expect(located.found.label).toBe('cup');
    expect(boxIou(located.found.box, truth)).toBeGreaterThanOrEqual(0.6);
  });

  it('then a synonym ("mugs") finds the same cup', async () => {
    const located = await locateObject({ image: coffee, name: 'mugs', minScore: 0.2 });
    expect(boxIou(located.found.box, boxes['coffee.png']!.cup!)).toBeGreaterThanOrEqual(0.6);
  });

  it('then the person in astronaut.jpg is found where marked', async () => {
    const png = await readFile(path.join(fixtures, 'images/astronaut.jpg'));
    const image = await decodeRgb(png);
    const detections = await detectObjects(image, 0.2);
    const person = detections.find((d) => d.label === 'person');
    expect(person).toBeDefined();
    expect(boxIou(person!.box, boxes['astronaut.jpg']!.person!)).toBeGreaterThanOrEqual(0.6);
  });

  it('then the cup is removed and the saucer under it stays a saucer', async () => {
    // The production path: the detector's box refined to the cup's outline by the ISNet saliency
    // model the worker shares with background removal.
    const located = await locateObject({ image: coffee, name: 'cup', minScore: 0.2, saliency: predictSaliencyMask });
    expect(located.mask.outline).toBe('saliency');
    const { mask } = located.mask;
    const { image: filled, method } = await fillObjectMask(coffee, mask);
    expect(method).toBe('patch');
    expect(filled.width).toBe(coffee.width);
    expect(filled.height).toBe(coffee.height);

    const out = await sharp(filled.data, { raw: { width: filled.width, height: filled.height, channels: 3 } }).png().toBuffer();
    await savePair('coffee-cup', coffeePng, out);

    const inHole = (i: number) => mask.data[i] !== 0;
    let changed = 0, holePixels = 0, outsideChanged = 0;
    for (let i = 0; i < coffee.width * coffee.height; i++) {
      const d = Math.abs(filled.data[i * 3]! - coffee.data[i * 3]!) + Math.abs(filled.data[i * 3 + 1]! - coffee.data[i * 3 + 1]!) + Math.abs(filled.data[i * 3 + 2]! - coffee.data[i * 3 + 2]!);
      if (inHole(i)) { holePixels++; if (d > 30) changed++; } else if (d > 0) outsideChanged++;
    }
    // The cup (white rim, crema, red body) must be gone from most of the hole; nothing else moves.
    expect(changed / holePixels).toBeGreaterThan(0.5);
    expect(outsideChanged).toBe(0);

    // Where the cup stood on the saucer, the fill must be saucer, not the table around it; where
    // it stood beyond the saucer's far rim (hidden by the cup), table. The saucer (marked by eye in
    // boxes.json) is a deep red, green under 0.4 of red; the table wood is orange-brown (green
    // 0.6-0.7 of red). Measured: 1.00 on the saucer and 0.96 beyond its rim with the rim
    // continued as a curve (layers.ts); 0.87 on the saucer before that, when wood filled the
    // saucer's far side up to a straight edge; 0.09 when wood was pasted across the whole saucer.
    const saucer = saucerEllipse;
    const inEllipse = (i: number, scale: number) => {
      const x = i % coffee.width, y = Math.floor(i / coffee.width);
      return ((x - saucer.cx) / saucer.rx) ** 2 + ((y - saucer.cy) / saucer.ry) ** 2 <= scale ** 2;
    };
    let under = 0, saucerColoured = 0, beyond = 0, woodColoured = 0;
    for (let i = 0; i < coffee.width * coffee.height; i++) {
      if (!inHole(i)) continue;
      const reddish = filled.data[i * 3 + 1]! < 0.4 * filled.data[i * 3]!;
      if (inEllipse(i, 0.85)) { under++; if (reddish) saucerColoured++; }
      else if (!inEllipse(i, 1.1)) { beyond++; if (!reddish) woodColoured++; }
    }
    console.log(`cup fill: saucer-coloured share ${(saucerColoured / under).toFixed(3)} of ${under} px on the saucer, table-coloured ${(woodColoured / beyond).toFixed(3)} of ${beyond} px beyond its rim`);
    expect(under).toBeGreaterThan(20_000);
    expect(beyond).toBeGreaterThan(2_000);
    expect(saucerColoured / under).toBeGreaterThan(0.9);
    expect(woodColoured / beyond).toBeGreaterThan(0.85);

    // And the fill's colours come from the scene: its distribution is closer to the 12-px ring
    // around the hole than the cup's own pixels were (Bhattacharyya coefficient, 8x8x8 RGB bins).
    const ring = ringAround(mask, 12);
    const ringHist = histogram(coffee, (i) => ring[i] === 1);
    const similarityBefore = bhattacharyya(histogram(coffee, inHole), ringHist);
    const similarityAfter = bhattacharyya(histogram(filled, inHole), ringHist);
    console.log(`cup fill: histogram similarity to the ring ${similarityBefore.toFixed(3)} -> ${similarityAfter.toFixed(3)}`);
    // Measured 0.75 -> 0.79 (the ring is half table wood, which the saucer part rightly lacks).
    expect(similarityAfter).toBeGreaterThan(similarityBefore);
  });

  it('then the person is removed and the backdrop behind her stays a wall, not copies of the dark table or the shuttle', async () => {
    // The person fills most of the frame; what is left is a strip on the right: the grey wall,
    // the shuttle model in front of it, the dark table and the helmet below. The upper part of
    // the hole is backdrop, so it must come out wall-coloured.
    const jpg = await readFile(path.join(fixtures, 'images/astronaut.jpg'));
    const image = await decodeRgb(jpg);
    const { mask } = (await locateObject({ image, name: 'person', minScore: 0.2, saliency: predictSaliencyMask })).mask;
    const { image: filled } = await fillObjectMask(image, mask);
    const out = await sharp(filled.data, { raw: { width: filled.width, height: filled.height, channels: 3 } }).png().toBuffer();
    await savePair('astronaut-person', await sharp(jpg).png().toBuffer(), out);

    const backdropRows = 240;
    const wallColumn = 470; // right of the shuttle model: plain wall in the upper rows
    const y = (i: number) => Math.floor(i / image.width);
    const upperHole = (i: number) => mask.data[i] !== 0 && y(i) < backdropRows;
    const wall = meanColour(image, (i) => mask.data[i] === 0 && y(i) < backdropRows && i % image.width >= wallColumn);
    const fill = meanColour(filled, upperHole);
    let dark = 0, pixels = 0;
    for (let i = 0; i < image.width * image.height; i++) {
      if (!upperHole(i)) continue;
      pixels++;
      if (0.299 * filled.data[i * 3]! + 0.587 * filled.data[i * 3 + 1]! + 0.114 * filled.data[i * 3 + 2]! < 70) dark++;
    }
    console.log(`person fill: upper backdrop mean distance to wall ${distance(fill, wall).toFixed(1)}, dark share ${(dark / pixels).toFixed(3)}`);
    // Measured 22-24 and 0.00; the earlier fill smeared the shuttle's dark tank and the table across
    // the top of the hole (mean distance about 190, dark share 0.63).
    expect(pixels).toBeGreaterThan(30_000);
    expect(distance(fill, wall)).toBeLessThan(45);
    expect(dark / pixels).toBeLessThan(0.1);
  });
});

describe('when the photo is a ball on grass in front of a stadium (messi5.jpg)', () => {
  // The pitch starts at row 264 on both sides of the player (first row of solid green, measured
  // at columns 10-60 and 480-545); above it are the advertising boards and the stands.
  const grassLine = 264;
  let image: RgbImage;
  let jpg: Buffer;
  const isGreen = (rgb: RgbImage, i: number) =>
    rgb.data[i * 3 + 1]! > rgb.data[i * 3]! + 25 && rgb.data[i * 3 + 1]! > rgb.data[i * 3 + 2]! + 25;

  beforeAll(async () => {
    jpg = await readFile(path.join(fixtures, 'images/messi5.jpg'));
    image = await decodeRgb(jpg);
  });

  async function removeAndShare(name: string): Promise<{ mask: Mask; filled: RgbImage }> {
    const { mask } = (await locateObject({ image, name, minScore: 0.3, saliency: predictSaliencyMask })).mask;
    const { image: filled } = await fillObjectMask(image, mask);
    const out = await sharp(filled.data, { raw: { width: filled.width, height: filled.height, channels: 3 } }).png().toBuffer();
    await savePair(`messi5-${name}`, await sharp(jpg).png().toBuffer(), out);
    return { mask, filled };
  }

  it('then the ball is removed and grass fills its place', async () => {
    const { mask, filled } = await removeAndShare('ball');
    let hole = 0, green = 0;
    for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) { hole++; if (isGreen(filled, i)) green++; }
    console.log(`ball fill: ${hole} px, green share ${(green / hole).toFixed(3)}`);
    expect(hole).toBeGreaterThan(1500);
    expect(green / hole).toBeGreaterThan(0.9);
  });

  it('then the player is removed and the pitch stays below its line: no grass climbs into the stands', async () => {
    const { mask, filled } = await removeAndShare('person');
    let above = 0, aboveGreen = 0, below = 0, belowGreen = 0;
    for (let i = 0; i < mask.data.length; i++) {
      if (!mask.data[i]) continue;
      const y = Math.floor(i / image.width);
      if (y < grassLine - 6) { above++; if (isGreen(filled, i)) aboveGreen++; }
      if (y > grassLine + 6) { below++; if (isGreen(filled, i)) belowGreen++; }
    }
    console.log(`person fill: green share above the grass line ${(aboveGreen / above).toFixed(3)}, below ${(belowGreen / below).toFixed(3)}`);
    expect(above).toBeGreaterThan(30_000);
    expect(below).toBeGreaterThan(5_000);
    expect(aboveGreen / above).toBeLessThan(0.03);
    expect(belowGreen / below).toBeGreaterThan(0.9);
  });
});

describe('when the photo is a car parked on a street in front of a hedge (building.jpg)', () => {
  it('then the car is found where marked and the hedge closes over it', async () => {
    const jpg = await readFile(path.join(fixtures, 'images/building.jpg'));
    const image = await decodeRgb(jpg);
    const located = await locateObject({ image, name: 'car', minScore: 0.2, saliency: predictSaliencyMask });
    expect(boxIou(located.found.box, boxes['building.jpg'].car)).toBeGreaterThanOrEqual(0.6);
    const { mask } = located.mask;
    const { image: filled } = await fillObjectMask(image, mask);
    const out = await sharp(filled.data, { raw: { width: filled.width, height: filled.height, channels: 3 } }).png().toBuffer();
    await savePair('building-car', await sharp(jpg).png().toBuffer(), out);
    // The car is blue-grey glass and silver paint; the hedge and grass around it are green. All
    // of the marked car must be inside the mask (a partial outline once left its silver half),
    // and come out green.
    const car = boxes['building.jpg'].car;
    const greenDominant = (rgb: RgbImage, i: number) =>
      rgb.data[i * 3 + 1]! >= rgb.data[i * 3]! && rgb.data[i * 3 + 1]! >= rgb.data[i * 3 + 2]!;
    let inCar = 0, covered = 0, before = 0, after = 0;
    for (let y = car.y1; y < car.y2; y++) {
      for (let x = car.x1; x < car.x2; x++) {
        const i = y * image.width + x;
        inCar++;
        if (mask.data[i]) covered++;
        if (greenDominant(image, i)) before++;
        if (greenDominant(filled, i)) after++;
      }
    }
    console.log(`car fill: ${(covered / inCar).toFixed(3)} of the car masked, green-dominant share ${(before / inCar).toFixed(3)} -> ${(after / inCar).toFixed(3)}`);
    expect(covered / inCar).toBeGreaterThan(0.97);
    expect(before / inCar).toBeLessThan(0.6);
    expect(after / inCar).toBeGreaterThan(0.85);

    // And the fill's colour statistics match its surroundings: the known pixels in the same rows
    // within 16 px left and right of the hole (the hedge the car stood in front of; a ring all
    // round would also count the bright grass below, which the fill rightly does not continue).
    const beside = new Uint8Array(mask.data.length);
    for (let y = 0; y < image.height; y++) {
      const row = y * image.width;
      let first = -1, last = -1;
      for (let x = 0; x < image.width; x++) if (mask.data[row + x]) { if (first < 0) first = x; last = x; }
      if (first < 0) continue;
      for (let x = Math.max(0, first - 16); x < first; x++) beside[row + x] = 1;
      for (let x = last + 1; x <= Math.min(image.width - 1, last + 16); x++) beside[row + x] = 1;
    }
    const inBeside = (i: number) => beside[i] === 1;
    const inHole = (i: number) => mask.data[i] !== 0;
    const besideMean = meanColour(image, inBeside);
    const besideHist = histogram(image, inBeside);
    const meanBefore = distance(meanColour(image, inHole), besideMean), meanAfter = distance(meanColour(filled, inHole), besideMean);
    const simBefore = bhattacharyya(histogram(image, inHole), besideHist), simAfter = bhattacharyya(histogram(filled, inHole), besideHist);
    console.log(`car fill vs beside: mean distance ${meanBefore.toFixed(1)} -> ${meanAfter.toFixed(1)}, histogram similarity ${simBefore.toFixed(3)} -> ${simAfter.toFixed(3)}`);
    // Measured 15.7 -> 9.2 and 0.888 -> 0.946.
    expect(meanAfter).toBeLessThan(Math.min(13, meanBefore));
    expect(simAfter).toBeGreaterThan(Math.max(0.91, simBefore));
  });
});

describe('when the object is small in a large photo', () => {
  it('then the tiled second look finds it: the ball in messi5.jpg set into a 1700x1100 frame', async () => {
    // The photo sits in the bottom-right corner of a frame whose rest repeats its edge pixels, so
    // there is still exactly one ball, now about 3 % of the frame's width.
    const jpg = await readFile(path.join(fixtures, 'images/messi5.jpg'));
    const [w, h] = [1700, 1100];
    const png = await sharp(jpg).extend({ left: w - 548, top: 0, right: 0, bottom: h - 342, extendWith: 'copy' }).png().toBuffer();
    const image = await decodeRgb(png);
    const ball: Box = { x1: w - 548 + 338, y1: 287, x2: w - 548 + 388, y2: 337 };
    const best = (detections: Detection[]) =>
      Math.max(0, ...detections.filter((d) => d.label === 'sports ball' && boxIou(d.box, ball) >= 0.5).map((d) => d.score));
    const whole = best(await detectObjects(image));
    const tiled = best(await detectObjectsInTiles(image));
    console.log(`small ball: score ${whole.toFixed(2)} over the whole frame, ${tiled.toFixed(2)} in a tile`);
    // Measured 0.19 and 0.44 (the default threshold is 0.2).
    expect(tiled).toBeGreaterThan(whole + 0.1);
    const located = await locateObject({ image, name: 'ball', minScore: 0.2 });
    expect(boxIou(located.found.box, ball)).toBeGreaterThanOrEqual(0.5);
  });

  it('then tiles are only used where they enlarge the view', () => {
    expect(detectionTiles(300, 200)).toEqual([]);
    const tiles = detectionTiles(1000, 800);
    expect(tiles).toHaveLength(4);
    // Together they cover the photo, each 60 % of its sides.
    expect(Math.min(...tiles.map((t) => t.x1))).toBe(0);
    expect(Math.max(...tiles.map((t) => t.x2))).toBe(1000);
    expect(Math.max(...tiles.map((t) => t.y2))).toBe(800);
    for (const t of tiles) expect([t.x2 - t.x1, t.y2 - t.y1]).toEqual([600, 480]);
  });
});

describe('when the object cannot be removed', () => {
  it('then an absent object gives "Couldn\'t find" as a user-facing error', async () => {
    const error = await offline.remove({ png: coffeePng, object: 'car' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserFacingJobError);
    expect((error as Error).message).toBe('Couldn\'t find "car" in this image');
  });

  it('then a name outside the vocabulary says what the offline engine knows and that a provider removes anything', async () => {
    const error = await offline.remove({ png: coffeePng, object: 'unicorn' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserFacingJobError);
    expect((error as Error).message).toMatch(/doesn't know "unicorn"/);
    expect((error as Error).message).toMatch(/person, bicycle, car/);
    expect((error as Error).message).toMatch(/provider \(Cloudinary\) removes anything/);
  });

  it('then two words are refused with the spec message', async () => {
    const error = await offline.remove({ png: coffeePng, object: 'coffee cup' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Please enter only one object name');
  });
});

describe('when the request carries a mask', () => {
  it('then detection is skipped and only the masked pixels change', async () => {
    // A white square on the table, top right; "zebra" is not in the photo, so a detection
    // attempt would fail with "Couldn't find".
    const box = { x1: 470, y1: 40, x2: 530, y2: 100 };
    const maskRaw = Buffer.alloc(coffee.width * coffee.height);
    for (let y = box.y1; y < box.y2; y++) maskRaw.fill(255, y * coffee.width + box.x1, y * coffee.width + box.x2);
    const maskPng = await sharp(maskRaw, { raw: { width: coffee.width, height: coffee.height, channels: 1 } }).png().toBuffer();
    const result = await offline.remove({ png: coffeePng, object: 'zebra', maskPng });
    const out = await decodeRgb(result.png);
    expect([out.width, out.height]).toEqual([coffee.width, coffee.height]);
    let outside = 0;
    for (let y = 0; y < coffee.height; y++) {
      for (let x = 0; x < coffee.width; x++) {
        const inside = x >= box.x1 && x < box.x2 && y >= box.y1 && y < box.y2;
        const i = (y * coffee.width + x) * 3;
        if (!inside && (out.data[i] !== coffee.data[i] || out.data[i + 1] !== coffee.data[i + 1])) outside++;
      }
    }
    expect(outside).toBe(0);
    expect(result.engine.offline).toBe(true);
  });

  it('then an empty mask is refused with a clear message', async () => {
    const maskPng = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(offline.remove({ png: coffeePng, object: 'cup', maskPng })).rejects.toThrow(/mask is empty/);
  });
});

describe('when the object rests on a surface', () => {
  it('then the mask reaches below the object for its contact shadow', async () => {
    // Synthetic scene: a dark ball resting on light ground with a darker shadow under it.
    const w = 200, h = 160;
    const data = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        let c: [number, number, number] = [120, 170, 90];
        if (Math.hypot((x - 100) / 40, (y - 112) / 6) < 1 && y > 104) c = [60, 85, 45];
        if (Math.hypot(x - 100, y - 80) < 30) c = [200, 40, 40];
        data[i] = c[0]; data[i + 1] = c[1]; data[i + 2] = c[2];
      }
    }
    const image = { data, width: w, height: h };
    const { mask, shadowPixels } = await buildObjectMask(image, { x1: 70, y1: 50, x2: 130, y2: 110 });
    expect(shadowPixels).toBeGreaterThan(0);
    // The middle of the shadow, below the ball's lowest point (y = 110), is covered.
    expect(mask.data[114 * w + 100]).toBe(255);
    // Far-away ground is not.
    expect(mask.data[150 * w + 10]).toBe(0);
  });
});
