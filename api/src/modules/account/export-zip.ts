/**
 * Streams a user's data as a zip: every stored result under files/, every text result under
 * texts/, and account.json (the account, its creations, likes and usage) written last, once
 * everything it lists is in. fflate builds the zip entry by entry; the response's back-pressure
 * is honoured, so memory stays at one chunk whatever the account's size.
 */
import type { Response } from 'express';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { RouteStorage } from '../../auth/owned-objects.js';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import * as accounts from '@craftwell/core/repositories/accounts';

function drained(res: Response): Promise<void> {
  if (!res.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    res.once('drain', resolve);
    res.once('close', () => reject(new Error('client went away')));
  });
}

export async function streamAccountExport(deps: { db: Db; storage: RouteStorage; log: Logger }, userId: string, res: Response): Promise<void> {
  const account = await accounts.findAccount(deps.db, userId);
  if (!account) throw new Error('account vanished during export');
  const date = new Date().toISOString().slice(0, 10);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="craftwell-export-${date}.zip"`);
  res.setHeader('Cache-Control', 'private, no-store');

  const zip = new Zip();
  const finished = new Promise<void>((resolve, reject) => {
    zip.ondata = (err, chunk, final) => {
      if (err) return reject(err);
      res.write(chunk);
      if (final) {
        res.end();
        resolve();
      }
    };
  });

  async function addFile(name: string, chunks: AsyncIterable<Uint8Array> | Uint8Array[], compress: boolean) {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    for await (const chunk of chunks) {
      entry.push(chunk);
      await drained(res);
    }
    entry.push(new Uint8Array(0), true);
  }

  const listed = [];
  for await (const creation of accounts.creationsOf(deps.db, userId)) {
    let file: string | null = null;
    if (creation.object_key) {
      const ext = creation.object_key.split('.').pop();
      const stored = await deps.storage.getStream(creation.object_key).catch(() => null);
      if (stored) {
        file = `files/${creation.id}.${ext}`;
        // Images are compressed already: stored as they are.
        await addFile(file, stored.stream, false);
      } else {
        deps.log.warn({ key: creation.object_key }, 'export: stored object missing');
      }
    } else if (creation.type !== 'image') {
      file = `texts/${creation.id}.md`;
      await addFile(file, [strToU8(creation.content)], true);
    }
    listed.push({
      id: creation.id, type: creation.type, prompt: creation.prompt, content: creation.content,
      published: creation.publish, engine: creation.engine, created_at: creation.created_at, file,
    });
  }

  const document = {
    exported_at: new Date().toISOString(),
    account: { id: account.id, name: account.name, email: account.email, image: account.image, plan: account.plan, is_admin: account.is_admin, created_at: account.created_at },
    creations: listed,
    likes_given: await accounts.likesGivenBy(deps.db, userId),
    usage: await accounts.usageHistoryOf(deps.db, userId),
  };
  await addFile('account.json', [strToU8(JSON.stringify(document, null, 2))], true);
  zip.end();
  await finished;
}
