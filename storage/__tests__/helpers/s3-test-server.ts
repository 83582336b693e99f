/**
 * A real S3-compatible server for the S3 driver's tests: s3rver (npm, devDependency of the
 * storage workspace) on 127.0.0.1 with a random port and a temp directory. It speaks the S3 REST
 * API over HTTP, so the driver's minio client runs unmodified against it.
 *
 * In CI (CI=true) a server that cannot start fails the tests; locally they skip with a notice.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface S3TestServer {
  endPoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'craftwell-s3rver-'));
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [] });
  const { port } = await server.run();
  return {
    endPoint: '127.0.0.1',
    port,
    // s3rver's fixed development credentials.
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** Starts the server, or returns the reason it could not (locally the suite then skips). */
export async function tryStartS3TestServer(): Promise<S3TestServer | { unavailable: string }> {
  try {
    return await startS3TestServer();
  } catch (error) {
    const reason = `S3 test server (s3rver) could not start: ${(error as Error).message}`;
    if (process.env.CI === 'true') throw new Error(reason);
    console.warn(`[storage tests] ${reason} — skipping the S3 driver suite locally.`);
    return { unavailable: reason };
  }
}
