import fs from 'node:fs';

/** A start-up failure whose message says what to do; printed as one line, without a stack. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/**
 * DATA_DIR holds the database, uploads, results and secrets: created if missing, writable, and
 * closed to other users (0700; the embedded Postgres may widen it to 0710 for its own user).
 */
export function preparePrivateDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new StartupError(`DATA_DIR ${dataDir} cannot be used by this user (${code}). Set DATA_DIR to a folder you can write, or fix its permissions.`);
  }
  const mode = fs.statSync(dataDir).mode & 0o777;
  if (mode & 0o067) {
    try {
      fs.chmodSync(dataDir, 0o700);
    } catch {
      // Not our folder (we may write but not chmod it): leave it as the owner set it.
    }
  }
}
