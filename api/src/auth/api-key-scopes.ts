/**
 * What a personal API key may do. `read`: calls that only read (GET, HEAD); `tools`: every other
 * call on the user's own data and tools (run a tool, publish, like, delete a creation); `admin`:
 * the administrator api (the user must be an administrator as well). Keys never manage keys,
 * the account or the password: those need a browser session.
 */
import type { Request } from 'express';

export const API_KEY_SCOPES = ['read', 'tools', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** A new key without scopes named. */
export const DEFAULT_API_KEY_SCOPES: ApiKeyScope[] = ['read', 'tools'];

export function scopeNeeded(req: Pick<Request, 'method' | 'originalUrl'>): ApiKeyScope {
  const path = req.originalUrl.split('?')[0];
  if (path.startsWith('/api/admin/') || path === '/api/admin' || path.startsWith('/admin/')) return 'admin';
  return req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'tools';
}

export function scopeRefusal(scope: ApiKeyScope): string {
  return `This API key does not have the "${scope}" scope. Create a key with it in Account settings.`;
}
