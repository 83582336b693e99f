import type { EngineInfo } from '@craftwell/contracts/jobs';

/** One interface for every text-to-image provider. Nothing ships offline: no fake pictures. */
export interface ImageGenerator {
  readonly info: EngineInfo;
  /** Returns PNG bytes for the prompt. Throws UserFacingJobError / TransientJobError. */
  generate(prompt: string, options?: { signal?: AbortSignal }): Promise<Buffer>;
}
