/**
 * Secrets never reach the logs: the password of any URL in a text (postgres://u:pw@h ->
 * postgres://u:***@h) and values under secret-looking keys (password, secret, token, api key,
 * access key, credentials), at any depth a log object reaches.
 */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s:@/?#]*):([^\s@/?#]+)@/gi;
const SECRET_KEY = /pass(word)?|secret|token|api_?key|access_?key|credential|authorization|cookie/i;
const MASK = '***';
const MAX_DEPTH = 6;

export function redactUrls(text: string): string {
  return text.replace(URL_CREDENTIALS, (_match, scheme: string, user: string) => `${scheme}${user}:${MASK}@`);
}

export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactUrls(value) as T;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1)) as T;
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  // An error's message and stack are not enumerable: copied as pino would print them.
  if (value instanceof Error) Object.assign(out, { type: value.name, message: redactUrls(value.message), stack: value.stack && redactUrls(value.stack) });
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && v !== undefined && v !== null && v !== '' ? MASK : redactSecrets(v, depth + 1);
  }
  return out as T;
}
