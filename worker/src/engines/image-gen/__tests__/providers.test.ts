import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';
import { createClipdropImageGenerator } from '../clipdrop.js';
import { parseImageConfig } from '@craftwell/core/config/image-gen';
import { imageGenerationStatus } from '@craftwell/core/config/engines';
import { createImageGenerator } from '../index.js';
import { createOpenAiImageGenerator } from '../openai.js';
import { imagePrompt } from '../prompt.js';
import { GOOD_KEY, startFakeProviders, type FakeProviders } from './fake-image-providers.js';

let fake: FakeProviders;
const prompt = imagePrompt('a lighthouse at dawn', 'Ghibli style');

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => { throw new Error('expected a failure'); },
    (e: unknown) => e as Error,
  );
}

const openai = (overrides: Partial<Parameters<typeof createOpenAiImageGenerator>[0]> = {}) =>
  createOpenAiImageGenerator({ apiKey: GOOD_KEY, baseUrl: `${fake.baseUrl}/v1`, model: 'dall-e-3', size: '1024x1024', timeoutMs: 5_000, ...overrides });
const clipdrop = (apiKey = GOOD_KEY, timeoutMs = 5_000) => createClipdropImageGenerator({ apiKey, baseUrl: fake.baseUrl, timeoutMs });

describe('imagePrompt', () => {
  it('builds the spec sentence exactly', () => {
    expect(prompt).toBe('Generate an image of a lighthouse at dawn in the style Ghibli style');
  });
});

describe('OpenAI Images provider (real openai client, local server)', () => {
  it('when the server answers b64_json, then the PNG is returned and the request matches the API', async () => {
    const png = await openai().generate(prompt);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
    const [request] = fake.requests;
    expect(request.path).toBe('/v1/images/generations');
    expect(request.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(request.json).toMatchObject({ model: 'dall-e-3', prompt, n: 1, size: '1024x1024', response_format: 'b64_json' });
  });

  it('when the model is gpt-image-*, then response_format is not sent (those models reject it)', async () => {
    await openai({ model: 'gpt-image-1' }).generate(prompt);
    expect(fake.requests[0].json).not.toHaveProperty('response_format');
  });

  it('when the server answers with a URL, then the image is downloaded', async () => {
    fake.mode = 'url';
    const png = await openai().generate(prompt);
    expect((await sharp(png).metadata()).width).toBe(64);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/images/generations', '/files/generated.png']);
  });

  it('when the key is wrong (401), then the message names AI_IMAGE_API_KEY and it is not retried', async () => {
    const error = await failure(openai({ apiKey: 'wrong-key' }).generate(prompt));
    expect(error).toBeInstanceOf(UserFacingJobError);
    expect(error.message).toMatch(/rejected the server's API key.*AI_IMAGE_API_KEY/);
  });

  it('when rate limited (429) or the server fails (500), then a transient (retried) error', async () => {
    for (const mode of ['429', '500'] as const) {
      fake.mode = mode;
      const error = await failure(openai().generate(prompt));
      expect(error).toBeInstanceOf(TransientJobError);
      expect(error.message).toMatch(mode === '429' ? /too many requests/ : /server error \(500\)/);
    }
  });

  it('when the content policy refuses the prompt, then the user is told to rephrase', async () => {
    fake.mode = 'policy';
    const error = await failure(openai().generate(prompt));
    expect(error).toBeInstanceOf(UserFacingJobError);
    expect(error.message).toMatch(/content policy/);
  });

  it('when the server answers bytes that are no image, then it is refused', async () => {
    fake.mode = 'garbage';
    const error = await failure(openai().generate(prompt));
    expect(error.message).toMatch(/not an image/);
  });

  it('when the server does not answer in time, then a transient timeout error', async () => {
    fake.mode = 'hang';
    const error = await failure(openai({ timeoutMs: 1_000 }).generate(prompt));
    expect(error).toBeInstanceOf(TransientJobError);
    expect(error.message).toMatch(/did not answer in time/);
  });

  it('when the job is cancelled, then the abort reason is thrown, not a provider error', async () => {
    fake.mode = 'hang';
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled by test')), 100);
    const error = await failure(openai().generate(prompt, { signal: controller.signal }));
    expect(error.message).toBe('cancelled by test');
  });
});

describe('ClipDrop text-to-image (real fetch multipart, local server)', () => {
  it('when keyed, then it posts the prompt as multipart with x-api-key and returns the PNG', async () => {
    const png = await clipdrop().generate(prompt);
    expect((await sharp(png).metadata()).format).toBe('png');
    const [request] = fake.requests;
    expect(request.path).toBe('/text-to-image/v1');
    expect(request.headers['x-api-key']).toBe(GOOD_KEY);
    expect(request.fields).toEqual({ prompt });
  });

  it('when the key is wrong, rate limited or failing, then clear messages and the right error type', async () => {
    const unauthorised = await failure(clipdrop('nope').generate(prompt));
    expect(unauthorised).toBeInstanceOf(UserFacingJobError);
    expect(unauthorised.message).toBe("ClipDrop rejected the server's API key (Invalid API key). The operator should check CLIPDROP_API_KEY.");
    fake.mode = '429';
    expect(await failure(clipdrop().generate(prompt))).toBeInstanceOf(TransientJobError);
    fake.mode = '500';
    const serverError = await failure(clipdrop().generate(prompt));
    expect(serverError).toBeInstanceOf(TransientJobError);
    expect(serverError.message).toMatch(/ClipDrop had a server error \(500\)/);
  });

  it('when ClipDrop hangs, then a transient timeout', async () => {
    fake.mode = 'hang';
    const error = await failure(clipdrop(GOOD_KEY, 1_000).generate(prompt));
    expect(error).toBeInstanceOf(TransientJobError);
    expect(error.message).toMatch(/did not answer within 1 s/);
  });
});

describe('provider choice and imageGenerationStatus', () => {
  it('when nothing is configured, then not configured and the message names every variable to set', () => {
    const status = imageGenerationStatus(parseImageConfig({}));
    expect(status.configured).toBe(false);
    expect(status.message).toMatch(/AI_IMAGE_API_KEY/);
    expect(status.message).toMatch(/AI_IMAGE_BASE_URL/);
    expect(status.message).toMatch(/CLIPDROP_API_KEY/);
    expect(createImageGenerator(parseImageConfig({}))).toBeNull();
  });

  it('when an OpenAI key is set, then OpenAI is used even if ClipDrop is keyed too', () => {
    const status = imageGenerationStatus(parseImageConfig({ AI_IMAGE_API_KEY: 'k', CLIPDROP_API_KEY: 'c' }));
    expect(status).toMatchObject({ configured: true, engine: { id: 'openai-images', offline: false } });
  });

  it('when only a self-hosted base URL is set, then the compatible server is used without a key', () => {
    const status = imageGenerationStatus(parseImageConfig({ AI_IMAGE_BASE_URL: 'http://127.0.0.1:9/v1', AI_IMAGE_MODEL: 'sdxl' }));
    expect(status.engine?.label).toBe('OpenAI-compatible image server (127.0.0.1:9), model sdxl');
  });

  it('when only ClipDrop is keyed, then ClipDrop; when forced to a provider without its key, then its variable is named', () => {
    expect(imageGenerationStatus(parseImageConfig({ CLIPDROP_API_KEY: 'c' })).engine?.id).toBe('clipdrop-text-to-image');
    expect(imageGenerationStatus(parseImageConfig({ AI_IMAGE_PROVIDER: 'clipdrop', AI_IMAGE_API_KEY: 'k' })).message).toMatch(/CLIPDROP_API_KEY is not set/);
  });

  it('when an empty variable is given, then it counts as unset', () => {
    expect(imageGenerationStatus(parseImageConfig({ AI_IMAGE_API_KEY: '', CLIPDROP_API_KEY: '' })).configured).toBe(false);
  });
});
