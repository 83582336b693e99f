/**
 * A held-out input is one nobody tuned on. The shared real inputs (tests/fixtures/real-resumes,
 * tests/fixtures/real-photos) were tuned on, rule by rule, so a held-out set must never hold one
 * of them: not by source (repository and path, as tests/fixtures/SOURCES.md lists them) and not by
 * bytes (the same file under another name). Both held-out benches and a test ask here.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = ['tests/fixtures/real-resumes', 'tests/fixtures/real-photos'];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The shared real inputs by SHA-256: digest → the fixture's path. */
export function sharedInputDigests(): Map<string, string> {
  const digests = new Map<string, string>();
  for (const dir of SHARED) {
    for (const name of readdirSync(path.join(ROOT, dir)).filter((n) => /\.(pdf|jpe?g|png)$/i.test(n))) {
      digests.set(sha256(readFileSync(path.join(ROOT, dir, name))), `${dir}/${name}`);
    }
  }
  return digests;
}

/** The shared fixture these bytes are, or null. */
export function sharedInputOf(bytes: Uint8Array, digests = sharedInputDigests()): string | null {
  return digests.get(sha256(bytes)) ?? null;
}

/**
 * The line of tests/fixtures/SOURCES.md naming this held-out source ("OWNER/REPO PATH @ COMMIT"),
 * when one names both its repository and its path; else null.
 */
export function sharedSourceOf(source: string, sources = readFileSync(path.join(ROOT, 'tests/fixtures/SOURCES.md'), 'utf8')): string | null {
  const match = /^(\S+\/\S+) (.+) @ \S+$/.exec(source.trim());
  if (!match) throw new Error(`A held-out source must read "OWNER/REPO PATH @ COMMIT": ${source}`);
  const [, repo, file] = match;
  const names = (line: string, text: string) => new RegExp(`(^|[\\s,(])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\s,)])`, 'i').test(line);
  return sources.split('\n').find((line) => names(line, repo!) && names(line, file!)) ?? null;
}
