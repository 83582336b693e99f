/**
 * migrateUp returns only once its own connection is closed: the admin CLI stops its embedded
 * Postgres right after its command, and a migration connection still open then received
 * "terminating connection" with no error listener, which ended the CLI with exit code 1.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUp } from '@craftwell/core/db/migrate';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { serviceUrl } from '../support/services.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('migrateUp', () => {
  let database: TestDatabase;
  let proxy: net.Server;
  /** Connections through the proxy whose client has not yet closed its side. */
  let openFromClient = 0;

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!);
    const target = new URL(database.url);
    // Counts the connections migrateUp makes, passing the bytes on to the real Postgres.
    proxy = net.createServer((client) => {
      openFromClient++;
      const server = net.connect(Number(target.port || 5432), target.hostname);
      client.once('end', () => { openFromClient--; });
      client.on('error', () => undefined);
      server.on('error', () => client.destroy());
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await database.drop();
  });

  it('when it resolves, then the connection it opened is already closed', async () => {
    const url = new URL(database.url);
    url.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    expect(await migrateUp(url.toString())).toEqual([]);
    expect(openFromClient).toBe(0);
  });
});
