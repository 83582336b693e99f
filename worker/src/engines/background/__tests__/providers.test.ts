import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';
import { GOOD_KEY, startFakeProviders, type FakeProviders } from '../../image-gen/__tests__/fake-image-providers.js';
import { createClipdropRemover } from '../clipdrop.js';
import { parseBackgroundConfig } from '@craftwell/core/config/background';
import { createBackgroundRemover } from '../index.js';
import { createRemoveBgRemover } from '../removebg.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../tests/fixtures/images');
let fake: FakeProviders;
let photo: Buffer; // chelsea.png, 451x300

beforeAll(async () => {
  fake = await startFakeProviders();
  photo = await readFile(path.join(fixtures, 'chelsea.png'));
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

const providers = [
  { name: 'remove.bg', path: '/v1.0/removebg', keyHeader: 'x-api-key', keyVariable: 'REMOVEBG_API_KEY', make: (apiKey = GOOD_KEY) => createRemoveBgRemover({ apiKey, baseUrl: fake.baseUrl, timeoutMs: 5_000 }) },
  { name: 'ClipDrop', path: '/remove-background/v1', keyHeader: 'x-api-key', keyVariable: 'CLIPDROP_API_KEY', make: (apiKey = GOOD_KEY) => createClipdropRemover({ apiKey, baseUrl: fake.baseUrl, timeoutMs: 5_000 }) },
];

for (const provider of providers) {
  describe(`${provider.name} background remover (real multipart fetch, local server)`, () => {
    it('when keyed, then it uploads image_file and returns the provider cut-out at the input size', async () => {
      const out = await provider.make().remove(photo);
      const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([451, 300, 4]);
      expect(data[(150 * 451 + 50) * 4 + 3]).toBe(0); // the stand-in clears the left half
      expect(data[(150 * 451 + 400) * 4 + 3]).toBe(255);
      const [request] = fake.requests;
      expect(request.path).toBe(provider.path);
      expect(request.headers[provider.keyHeader]).toBe(GOOD_KEY);
      expect(request.file?.field).toBe('image_file');
      expect((await sharp(request.file!.bytes).metadata()).width).toBe(451);
    });

    it('when the provider returns a smaller preview, then it is scaled back to the input size', async () => {
      fake.mode = 'preview';
      const meta = await sharp(await provider.make().remove(photo)).metadata();
      expect([meta.width, meta.height]).toEqual([451, 300]);
    });

    it('when the key is rejected, then the operator is told which variable to check', async () => {
      const error = await provider.make('wrong').remove(photo).catch((e: Error) => e);
      expect(error).toBeInstanceOf(UserFacingJobError);
      expect((error as Error).message).toMatch(new RegExp(`${provider.name.replace('.', '\\.')} rejected the server's API key.*${provider.keyVariable}`));
    });

    it('when rate limited or failing, then a transient (retried) error', async () => {
      for (const mode of ['429', '500'] as const) {
        fake.mode = mode;
        const error = await provider.make().remove(photo).catch((e: Error) => e);
        expect(error).toBeInstanceOf(TransientJobError);
      }
    });
  });
}

describe('createBackgroundRemover', () => {
  it('when nothing is set, then the embedded ISNet engine (offline)', () => {
    expect(createBackgroundRemover(parseBackgroundConfig({})).info).toMatchObject({ id: 'isnet', offline: true });
  });

  it('when a hosted engine is chosen, then it is used; without its key the config is refused at start-up', () => {
    expect(createBackgroundRemover(parseBackgroundConfig({ BG_ENGINE: 'removebg', REMOVEBG_API_KEY: 'k' })).info.id).toBe('removebg');
    expect(() => parseBackgroundConfig({ BG_ENGINE: 'clipdrop' })).toThrow(/CLIPDROP_API_KEY/);
  });
});
