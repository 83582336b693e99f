/**
 * OpenAI Images API (POST /v1/images/generations) through the `openai` package; also serves
 * compatible self-hosted servers via AI_IMAGE_BASE_URL.
 */
import OpenAI from 'openai';
import { ENGINES, openAiImagesName } from '@craftwell/contracts/engine-catalog';
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';
import { providerHttpError } from '../provider-errors.js';
import { toPng } from './provider-http.js';
import type { ImageGenerator } from './types.js';

export interface OpenAiImageOptions {
  apiKey?: string;
  baseUrl?: string;
  model: string;
  size: string;
  timeoutMs: number;
}

export function createOpenAiImageGenerator(options: OpenAiImageOptions): ImageGenerator {
  const name = openAiImagesName(options.baseUrl);
  const client = new OpenAI({
    // Self-hosted servers often need no key, but the client insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 0, // the job pipeline retries transient failures with backoff
  });
  // gpt-image models always answer in base64 and reject response_format; older ones default to URLs.
  const askForBase64 = !options.model.startsWith('gpt-image');

  async function download(url: string, signal?: AbortSignal): Promise<Buffer> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!response.ok) throw providerHttpError(name, 'AI_IMAGE_API_KEY', response.status, 'downloading the generated image');
    return Buffer.from(await response.arrayBuffer());
  }

  return {
    info: ENGINES.openAiImages(options.model, options.baseUrl),
    async generate(prompt, { signal } = {}) {
      let item: OpenAI.Images.Image | undefined;
      try {
        const result = await client.images.generate(
          {
            model: options.model,
            prompt,
            n: 1,
            size: options.size as OpenAI.Images.ImageGenerateParams['size'],
            ...(askForBase64 ? { response_format: 'b64_json' as const } : {}),
          },
          { signal },
        );
        item = result.data?.[0];
      } catch (error) {
        throw mapOpenAiError(error, name, signal);
      }
      let bytes: Buffer;
      if (item?.b64_json) bytes = Buffer.from(item.b64_json, 'base64');
      else if (item?.url) {
        try {
          bytes = await download(item.url, signal);
        } catch (error) {
          if (signal?.aborted) throw signal.reason ?? error;
          if (error instanceof UserFacingJobError || error instanceof TransientJobError) throw error;
          throw new TransientJobError(`Could not download the image from ${name} (${(error as Error).message}). Please try again.`, 503);
        }
      } else throw new TransientJobError(`${name} answered without an image. Please try again.`, 502);
      return toPng(name, bytes);
    },
  };
}

function mapOpenAiError(error: unknown, name: string, signal?: AbortSignal): Error {
  if (signal?.aborted) return signal.reason ?? (error as Error);
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new TransientJobError(`${name} did not answer in time. Please try again.`, 504);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new TransientJobError(`Could not reach ${name} (${error.message}). Please try again shortly.`, 503);
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    if (error.code === 'content_policy_violation' || error.code === 'moderation_blocked') {
      return new UserFacingJobError(`${name} declined this description under its content policy. Please describe the image differently.`, 422);
    }
    const detail = (error.error as { message?: string } | undefined)?.message ?? '';
    return providerHttpError(name, 'AI_IMAGE_API_KEY', error.status, detail);
  }
  return error instanceof Error ? error : new Error(String(error));
}
