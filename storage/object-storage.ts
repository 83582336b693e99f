/**
 * Object storage: one interface, two drivers (local disk and S3/MinIO). Keys are produced by
 * keys.ts; drivers only move bytes.
 */
import type { Readable } from 'node:stream';

export interface PutOptions {
  contentType: string;
}

export interface StoredObjectInfo {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  getStream(key: string): Promise<{ stream: Readable; info: StoredObjectInfo }>;
  getBuffer(key: string): Promise<Buffer>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Lists keys under a prefix (for the orphan sweep). */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
  /** The URL a browser uses to load the object without a token. */
  publicUrl(key: string): string;
  /** Reverse of publicUrl for URLs this storage produced, else null. */
  keyFromUrl(url: string): string | null;
  /** Readiness probe. */
  ping(): Promise<void>;
}
