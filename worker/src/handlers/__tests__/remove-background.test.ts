import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, ProgressUpdate } from '@craftwell/contracts/handler';
import { JOBS } from '@craftwell/contracts/jobs';
import { createBackgroundRemover } from '../../engines/background/index.js';
import { parseBackgroundConfig } from '@craftwell/core/config/background';
import { GOOD_KEY, startFakeProviders, type FakeProviders } from '../../engines/image-gen/__tests__/fake-image-providers.js';
import { createRemoveBackgroundHandler } from '../remove-background.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tests/fixtures/images');
let fake: FakeProviders;
let photo: Buffer;

beforeAll(async () => {
  fake = await startFakeProviders();
  photo = await readFile(path.join(fixtures, 'chelsea.png'));
});
afterAll(async () => {
  await fake.close();
});

function context(signal = new AbortController().signal) {
  const updates: ProgressUpdate[] = [];
  const reads: string[] = [];
  const ctx: JobContext<'remove-background'> = {
    payload: { userId: 'u1', inputKey: 'uploads/u1/cat.png' },
    signal,
    attempt: 1,
    progress: async (update) => { updates.push(update); },
    readInput: async (key) => { reads.push(key); return photo; },
  };
  return { ctx, updates, reads };
}

// The embedded engine is covered on real photos in engines/background/__tests__/isnet.test.ts;
// here a hosted provider keeps the handler's own behaviour fast to check.
const handler = () => createRemoveBackgroundHandler(
  createBackgroundRemover(parseBackgroundConfig({ BG_ENGINE: 'clipdrop', CLIPDROP_API_KEY: GOOD_KEY, CLIPDROP_BASE_URL: fake.baseUrl })),
);

describe('remove-background handler', () => {
  it('when run, then it reads payload.inputKey, reports JOBS stages in order and returns a same-size PNG with alpha', async () => {
    const { ctx, updates, reads } = context();
    const output = await handler()(ctx);
    expect(reads).toEqual(['uploads/u1/cat.png']);
    expect(output).toMatchObject({ kind: 'image', engine: { id: 'clipdrop-remove-background', offline: false } });
    if (output.kind !== 'image') return;
    expect(await sharp(output.png).metadata()).toMatchObject({ width: 451, height: 300, hasAlpha: true });
    const stages = JOBS['remove-background'].stages;
    const indexes = updates.map((u) => stages.indexOf(u.stage));
    expect(indexes.every((i) => i > 0)).toBe(true);
    expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
    expect(updates.map((u) => u.progress)).toEqual([...updates.map((u) => u.progress)].sort((a, b) => a - b));
  });

  it('when the job is cancelled, then it stops with the abort reason and returns nothing', async () => {
    const controller = new AbortController();
    controller.abort(new Error('job cancelled'));
    await expect(handler()(context(controller.signal).ctx)).rejects.toThrow('job cancelled');
  });
});
