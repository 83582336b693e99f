import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runModelsCli } from '../models.js';

// A stand-in for a model host: /resolve/... redirects with the LFS checksum header like Hugging
// Face does, /blob/... and /plain/<any name> stream the bytes in pieces; /corrupt serves other
// bytes than announced.
const model = Buffer.alloc(3 * 1024 * 1024, 7);
model.write('GGUF');
const sha = createHash('sha256').update(model).digest('hex');
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/resolve/tiny.gguf') {
      res.writeHead(302, { location: '/blob/tiny.gguf', 'x-linked-etag': `"${sha}"` }).end();
    } else if (req.url === '/blob/tiny.gguf' || req.url?.startsWith('/plain/')) {
      res.writeHead(200, { 'content-length': String(model.length), 'content-type': 'application/octet-stream' });
      let offset = 0;
      const send = () => {
        if (offset >= model.length) { res.end(); return; }
        res.write(model.subarray(offset, offset + 256 * 1024));
        offset += 256 * 1024;
        setImmediate(send);
      };
      send();
    } else if (req.url === '/corrupt/tiny.gguf') {
      res.writeHead(302, { location: '/blob/other.gguf', 'x-linked-etag': `"${'0'.repeat(64)}"` }).end();
    } else if (req.url === '/blob/other.gguf') {
      res.writeHead(200, { 'content-length': '4' }).end('ABCD');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { server.closeAllConnections(); await new Promise((r) => server.close(r)); });

function io() {
  // A private parent: what a traversal would write beside DATA_DIR lands where only this test looks.
  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'craftwell-models-')), 'data');
  mkdirSync(dataDir);
  const out = new PassThrough(), err = new PassThrough();
  let outText = '', errText = '';
  out.on('data', (d: Buffer) => { outText += d.toString(); });
  err.on('data', (d: Buffer) => { errText += d.toString(); });
  return { dataDir, out, err, text: () => ({ out: outText, err: errText }) };
}

/** A catalogue entry (as built in) at the stand-in host, with no pinned checksum. */
const entry = (url: string) => [{ name: 'tiny', kind: 'text' as const, description: 'a stand-in', url, file: 'tiny.gguf', approxSize: '3 MB' }];

describe('npm run models', () => {
  it('pull: follows the redirect, verifies the announced checksum, shows progress and saves the file', async () => {
    const cli = io();
    const code = await runModelsCli(['pull', 'tiny'], { ...cli, catalog: entry(`${base}/resolve/tiny.gguf`) });
    expect(code).toBe(0);
    const saved = path.join(cli.dataDir, 'models', 'tiny.gguf');
    expect(readFileSync(saved).equals(model)).toBe(true);
    expect(cli.text().out).toContain(`sha256 ${sha}`);
    const bars = cli.text().err.split('\n').filter((l) => l.includes('%'));
    expect(bars.length).toBeGreaterThanOrEqual(5);
    expect(bars.at(-1)).toMatch(/\[█{30}\] 100% 3\.0 MB \/ 3\.0 MB/);
    expect(readdirSync(path.join(cli.dataDir, 'models'))).toEqual(['tiny.gguf']);

    const list = io();
    await runModelsCli(['list'], { ...list, dataDir: cli.dataDir });
    expect(list.text().out).toMatch(/qwen2\.5-0\.5b-instruct/);
    expect(list.text().out).toMatch(/The worker uses tiny\.gguf/);
  });

  it('pull: a checksum mismatch deletes the partial file and fails', async () => {
    const cli = io();
    const code = await runModelsCli(['pull', 'tiny'], { ...cli, catalog: entry(`${base}/corrupt/tiny.gguf`) });
    expect(code).toBe(1);
    expect(cli.text().err).toMatch(/Checksum mismatch for tiny\.gguf/);
    expect(readdirSync(path.join(cli.dataDir, 'models'))).toEqual([]);
  });

  it('pull: a URL of your own without --sha256 is refused, even when its server announces a checksum; --sha256 makes it work', async () => {
    for (const route of ['/plain/tiny.gguf', '/resolve/tiny.gguf']) {
      const refused = io();
      expect(await runModelsCli(['pull', `${base}${route}`], refused)).toBe(2);
      expect(refused.text().err).toMatch(/pass --sha256/);
      expect(existsSync(path.join(refused.dataDir, 'models'))).toBe(false);
    }

    const cli = io();
    expect(await runModelsCli(['pull', `${base}/plain/tiny.gguf`, '--sha256', sha, '--file', 'mine.gguf'], cli)).toBe(0);
    expect(existsSync(path.join(cli.dataDir, 'models', 'mine.gguf'))).toBe(true);
    expect(await runModelsCli(['pull', `${base}/plain/tiny.gguf`, '--sha256', sha, '--file', 'mine.gguf'], cli)).toBe(1);
    expect(cli.text().err).toMatch(/already exists/);
  });

  it('unknown names and bad usage explain themselves', async () => {
    const cli = io();
    expect(await runModelsCli(['pull', 'gpt-17'], cli)).toBe(2);
    expect(cli.text().err).toMatch(/Unknown model "gpt-17"/);
    expect(await runModelsCli([], cli)).toBe(2);
    expect(cli.text().err).toMatch(/Usage/);
  });

  it('pull and add: whatever a URL\'s last segment or --file says, nothing is written outside the models folder', async () => {
    // Names built from the pieces a path climbs with, escaped or not, in random orders.
    const pieces = ['..', '%2E%2E', '%2e.', '%2F', '/', '%5C', '\\', '.', 'x', 'models', '%00', '~', ' '];
    let seed = 7;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
    for (let round = 0; round < 60; round++) {
      const cli = io();
      const segment = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const extension = round % 2 ? '.onnx' : '.gguf';
      const attempts: string[][] = [
        ['pull', `${base}/plain/${segment}x${extension}`, '--sha256', sha],
        ['pull', `${base}/plain/tiny.gguf`, '--sha256', sha, '--file', `${decodeURIComponent(segment.replace(/%00/g, ''))}x.gguf`],
        ['add', `${base}/plain/${segment}x.onnx`, '--sha256', sha],
      ];
      for (const argv of attempts) await runModelsCli(argv, cli);
      const outside = readdirSync(cli.dataDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => !f.startsWith(`models${path.sep}`) && f !== 'models');
      expect(outside, segment).toEqual([]);
      expect(readdirSync(path.dirname(cli.dataDir)).filter((f) => f.endsWith('x.gguf') || f.endsWith('x.onnx')), segment).toEqual([]);
    }
  });

  it('pull: the name in a URL ending ..%2F..%2Fx.gguf is x.gguf, inside the models folder', async () => {
    const cli = io();
    expect(await runModelsCli(['pull', `${base}/plain/..%2F..%2Fx.gguf`, '--sha256', sha], cli)).toBe(0);
    expect(readFileSync(path.join(cli.dataDir, 'models', 'x.gguf')).equals(model)).toBe(true);
    expect(existsSync(path.join(cli.dataDir, '..', 'x.gguf'))).toBe(false);
    expect(readdirSync(path.dirname(cli.dataDir)).filter((f) => f === 'x.gguf')).toEqual([]);
  });
});
