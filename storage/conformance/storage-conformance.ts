/**
 * One contract suite for every ObjectStorage driver. A driver is done when this passes against it.
 * Call it from a test file: runStorageConformance('local', async () => createLocalStorage(...)).
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectNotFoundError } from '../errors.js';
import { createFilesRouter } from '../http.js';
import { newObjectKey } from '../keys.js';
import type { ObjectStorage } from '../object-storage.js';

export interface StorageUnderTest {
  storage: ObjectStorage;
  /** Removes whatever the driver created (folders, buckets, servers). */
  cleanup?: () => Promise<void>;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function listKeys(storage: ObjectStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of storage.list(prefix)) keys.push(info.key);
  return keys;
}

export function runStorageConformance(name: string, makeStorage: () => Promise<StorageUnderTest>): void {
  describe(`ObjectStorage conformance: ${name}`, () => {
    let subject: StorageUnderTest;
    let storage: ObjectStorage;

    beforeAll(async () => {
      subject = await makeStorage();
      storage = subject.storage;
    });
    afterAll(async () => {
      await subject?.cleanup?.();
    });

    it('when a buffer is put, then get, stat and getBuffer return the same bytes and content type', async () => {
      const key = newObjectKey('results', 'png');
      const body = Buffer.concat([PNG_SIGNATURE, Buffer.from('conformance body')]);
      await storage.put(key, body, { contentType: 'image/png' });

      const info = await storage.stat(key);
      expect(info).toMatchObject({ key, size: body.length, contentType: 'image/png' });
      expect(info!.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(5 * 60_000);

      expect((await storage.getBuffer(key)).equals(body)).toBe(true);
      const { stream, info: streamInfo } = await storage.getStream(key);
      expect(streamInfo.contentType).toBe('image/png');
      expect((await collect(stream)).equals(body)).toBe(true);
    });

    it('when a multi-MB stream is put, then it streams back intact', async () => {
      const key = newObjectKey('uploads', 'pdf');
      const size = 6 * 1024 * 1024 + 123;
      const chunk = Buffer.alloc(64 * 1024);
      for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31) % 251;
      let sent = 0;
      const expectedHash = createHash('sha256');
      const source = Readable.from(
        (function* () {
          while (sent < size) {
            const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
            sent += piece.length;
            expectedHash.update(piece);
            yield piece;
          }
        })(),
      );
      await storage.put(key, source, { contentType: 'application/pdf' });

      const { stream, info } = await storage.getStream(key);
      expect(info.size).toBe(size);
      expect(info.contentType).toBe('application/pdf');
      const hash = createHash('sha256');
      let received = 0;
      for await (const part of stream) {
        hash.update(part as Buffer);
        received += (part as Buffer).length;
      }
      expect(received).toBe(size);
      expect(hash.digest('hex')).toBe(expectedHash.digest('hex'));
      await storage.delete(key);
    });

    it('when a key is put twice, then the second body and content type win', async () => {
      const key = newObjectKey('results', 'png');
      await storage.put(key, Buffer.from('first'), { contentType: 'text/plain' });
      await storage.put(key, Buffer.from('second!'), { contentType: 'image/webp' });
      expect((await storage.getBuffer(key)).toString()).toBe('second!');
      expect((await storage.stat(key))?.contentType).toBe('image/webp');
    });

    it('when a key is missing, then stat is null, reads throw ObjectNotFoundError and delete is a no-op', async () => {
      const key = newObjectKey('results', 'png');
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.getBuffer(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.getStream(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('when an object is deleted, then it is gone', async () => {
      const key = newObjectKey('results', 'png');
      await storage.put(key, Buffer.from('bye'), { contentType: 'image/png' });
      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      expect(await listKeys(storage, 'results/')).not.toContain(key);
    });

    it('when objects exist under two prefixes, then list returns only the asked prefix', async () => {
      const result = newObjectKey('results', 'png');
      const upload = newObjectKey('uploads', 'png');
      await storage.put(result, Buffer.from('r'), { contentType: 'image/png' });
      await storage.put(upload, Buffer.from('u'), { contentType: 'image/png' });

      const results = await listKeys(storage, 'results/');
      const uploads = await listKeys(storage, 'uploads/');
      expect(results).toContain(result);
      expect(results).not.toContain(upload);
      expect(uploads).toContain(upload);
      expect(uploads).not.toContain(result);
      const month = result.split('/').slice(0, 3).join('/') + '/';
      expect(await listKeys(storage, month)).toContain(result);
      for await (const info of storage.list('uploads/')) {
        if (info.key === upload) expect(info).toMatchObject({ size: 1, contentType: 'image/png' });
      }
    });

    it('when a key is invalid, then every operation refuses it before touching storage', async () => {
      const bad = [
        '../etc/passwd',
        '/etc/passwd',
        'results/../../x.png',
        'results/2026/11/..%2F..%2Fpasswd.png',
        'results/2026/11/short.png',
        'other/2026/11/AAAAAAAAAAAAAAAAAAAAAA.png',
        '',
      ];
      for (const key of bad) {
        await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Invalid object key/);
        await expect(storage.getBuffer(key)).rejects.toThrow(/Invalid object key/);
        await expect(storage.stat(key)).rejects.toThrow(/Invalid object key/);
        await expect(storage.delete(key)).rejects.toThrow(/Invalid object key/);
        expect(() => storage.publicUrl(key)).toThrow(/Invalid object key/);
      }
      await expect(listKeys(storage, '../')).rejects.toThrow(/Invalid object key/);
    });

    it('when a public URL is made, then keyFromUrl gives the key back and rejects foreign URLs', async () => {
      const key = newObjectKey('results', 'png');
      const url = storage.publicUrl(key);
      expect(url.endsWith(key)).toBe(true);
      expect(storage.keyFromUrl(url)).toBe(key);
      expect(storage.keyFromUrl('https://elsewhere.example/files/' + key)).toBeNull();
      expect(storage.keyFromUrl(url.slice(0, -key.length) + '../secret.png')).toBeNull();
      expect(storage.keyFromUrl('not a url')).toBeNull();
    });

    it('when the /files router serves a stored result, then bytes, type and safety headers are right', async () => {
      const app = express();
      app.use('/files', createFilesRouter(storage, { isPublic: async () => false }));
      const server = app.listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => server.once('listening', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/`;
      try {
        const key = newObjectKey('results', 'png');
        const body = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(1000, 1)]);
        await storage.put(key, body, { contentType: 'image/png' });

        const ok = await fetch(base + key);
        expect(ok.status).toBe(200);
        expect(ok.headers.get('content-type')).toBe('image/png');
        expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
        // Not published: kept out of shared caches (a CDN would keep serving a deleted result).
        expect(ok.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
        expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'");
        expect(Buffer.from(await ok.arrayBuffer()).equals(body)).toBe(true);

        const upload = newObjectKey('uploads', 'pdf');
        await storage.put(upload, Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
        expect((await fetch(base + upload)).status).toBe(404);
        expect((await fetch(base + newObjectKey('results', 'png'))).status).toBe(404);
        expect((await fetch(base + 'results/2026/11/nope.png')).status).toBe(404);
        expect((await fetch(base + '..%2F..%2Fpackage.json')).status).toBe(404);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('when pinged, then the storage answers', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
    });
  });
}
