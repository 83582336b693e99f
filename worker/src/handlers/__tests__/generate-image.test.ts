import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransientJobError, UserFacingJobError, type JobContext, type ProgressUpdate } from '@craftwell/contracts/handler';
import { JOBS } from '@craftwell/contracts/jobs';
import { parseImageConfig } from '@craftwell/core/config/image-gen';
import { GOOD_KEY, startFakeProviders, type FakeProviders } from '../../engines/image-gen/__tests__/fake-image-providers.js';
import { imagePrompt } from '../../engines/image-gen/prompt.js';
import { imageGenerationFrom } from '../../engines/index.js';
import { createGenerateImageHandler } from '../generate-image.js';

let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  await fake.close();
});

function context(payload: JobContext<'generate-image'>['payload'], signal = new AbortController().signal) {
  const updates: ProgressUpdate[] = [];
  const ctx: JobContext<'generate-image'> = {
    payload,
    signal,
    attempt: 1,
    progress: async (update) => { updates.push(update); },
    readInput: async () => { throw new Error('generate-image reads no upload'); },
  };
  return { ctx, updates };
}

const payload = { userId: 'u1', prompt: imagePrompt('a red fox in snow', 'Anime style'), publish: true };

describe('generate-image handler', () => {
  it('when an OpenAI-compatible server is configured, then it returns its PNG with engine and publish, reporting JOBS stages', async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    const handler = createGenerateImageHandler(await imageGenerationFrom(parseImageConfig({ AI_IMAGE_BASE_URL: `${fake.baseUrl}/v1`, AI_IMAGE_API_KEY: GOOD_KEY, AI_IMAGE_MODEL: 'dall-e-3' })));
    const { ctx, updates } = context(payload);
    const output = await handler(ctx);
    expect(output.kind).toBe('image');
    if (output.kind !== 'image') return;
    expect(output.publish).toBe(true);
    expect(output.engine).toMatchObject({ id: 'openai-images', offline: false });
    expect((await sharp(output.png).metadata()).format).toBe('png');
    expect(fake.requests[0].json?.prompt).toBe('Generate an image of a red fox in snow in the style Anime style');
    for (const update of updates) expect(JOBS['generate-image'].stages).toContain(update.stage);
  });

  it('when ClipDrop is the provider and publish is false, then publish stays false', async () => {
    fake.mode = 'ok';
    const handler = createGenerateImageHandler(await imageGenerationFrom(parseImageConfig({ CLIPDROP_API_KEY: GOOD_KEY, CLIPDROP_BASE_URL: fake.baseUrl })));
    const output = await handler(context({ ...payload, publish: false }).ctx);
    expect(output).toMatchObject({ kind: 'image', publish: false, engine: { id: 'clipdrop-text-to-image' } });
  });

  it('when no provider is configured, then a 503 user-facing error naming the variables, and no picture', async () => {
    const handler = createGenerateImageHandler(await imageGenerationFrom(parseImageConfig({})));
    const error = await handler(context(payload).ctx).catch((e: Error) => e);
    expect(error).toBeInstanceOf(UserFacingJobError);
    expect((error as UserFacingJobError).status).toBe(503);
    expect((error as Error).message).toMatch(/AI_IMAGE_API_KEY.*CLIPDROP_API_KEY/);
  });

  it('when the provider is overloaded, then a transient error for the pipeline to retry', async () => {
    fake.mode = '429';
    const handler = createGenerateImageHandler(await imageGenerationFrom(parseImageConfig({ CLIPDROP_API_KEY: GOOD_KEY, CLIPDROP_BASE_URL: fake.baseUrl })));
    await expect(handler(context(payload).ctx)).rejects.toBeInstanceOf(TransientJobError);
  });
});
