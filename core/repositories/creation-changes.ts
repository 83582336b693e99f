/**
 * Hears of every change to creations and likes, from any process (see the migration
 * creation-change-notices): Postgres announces the id of the user whose list changed on the
 * channel craftwell_creations. One connection of its own, outside the pool; it reconnects after
 * a loss, and says so (onReset) because notices sent meanwhile are lost.
 */
import pg from 'pg';

export const CREATION_CHANGES_CHANNEL = 'craftwell_creations';
const RECONNECT_MS = [250, 1_000, 5_000];

export interface CreationChanges {
  /** True while notices are being heard: only then may anything built from lists be kept. */
  listening(): boolean;
  close(): Promise<void>;
}

export interface CreationChangeHandlers {
  /** The lists of this user (and the gallery) changed. */
  onChange(userId: string): void;
  /** Notices may have been missed: forget everything. */
  onReset(): void;
}

export async function listenToCreationChanges(databaseUrl: string, handlers: CreationChangeHandlers): Promise<CreationChanges> {
  let client: pg.Client | null = null;
  let ready = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = null;
    ready = false;
    handlers.onReset();
    failed.end().catch(() => undefined);
    if (closed) return;
    timer = setTimeout(() => { timer = null; void connect(); }, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]);
    timer.unref();
    attempt += 1;
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === CREATION_CHANGES_CHANNEL && message.payload) handlers.onChange(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CREATION_CHANGES_CHANNEL}`);
      if (client !== next || closed) return;
      // Whatever was kept before this connection may have missed notices.
      handlers.onReset();
      ready = true;
      attempt = 0;
    } catch {
      lost(next);
    }
  }

  await connect();
  return {
    listening: () => ready,
    async close() {
      closed = true;
      ready = false;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
