/**
 * One way to make a Postgres pool: createPool (core/db/pool.ts), which handles a client that loses
 * its connection. A bare pg.Pool throws on it: a test database dropped while a pool's last client
 * is still closing once failed a whole CI run with an uncaught "terminating connection".
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'tests/artifacts']);

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (SKIP.has(entry.name) || SKIP.has(rel)) return [];
    if (entry.isDirectory()) return sources(rel);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [rel] : [];
  });
}

describe('Postgres pools', () => {
  it('are made by createPool only, never as a bare pg.Pool', () => {
    const files = ['api', 'core', 'worker', 'storage', 'scripts', 'bench', 'tests'].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const bare = files.filter((f) => f !== path.join('core', 'db', 'pool.ts') && /new\s+(?:pg\.)?Pool\s*\(/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(bare).toEqual([]);
  });
});
