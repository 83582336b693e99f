import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The auth signing secret: BETTER_AUTH_SECRET, else one generated once and kept in DATA_DIR. */
export function authSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
