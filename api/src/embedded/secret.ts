import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A secret generated once and kept in DATA_DIR, readable by this user only (0600). */
export function keptSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  if (fs.existsSync(file)) {
    // A copy from an older version may have been made with a wider mode.
    fs.chmodSync(file, 0o600);
    return fs.readFileSync(file, 'utf8').trim();
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The auth signing secret: BETTER_AUTH_SECRET, else one generated once and kept in DATA_DIR. */
export function authSecret(configured: string | undefined, dataDir: string): string {
  return configured || keptSecret(dataDir, 'auth-secret');
}
