import type { EngineInfo } from '@craftwell/contracts/jobs';

/** One interface for every background-removal engine, embedded or hosted. */
export interface BackgroundRemover {
  readonly info: EngineInfo;
  /**
   * Takes an 8-bit PNG (already normalised by the upload step) and returns a PNG with alpha of
   * exactly the same width and height: subject opaque, background transparent.
   */
  remove(png: Buffer, options?: { signal?: AbortSignal }): Promise<Buffer>;
}
