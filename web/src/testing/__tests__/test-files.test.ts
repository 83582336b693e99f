/**
 * Web test files share one module graph per worker (vitest.config.ts), so a module replaced with
 * vi.mock in one file could already be loaded, unreplaced, by another: such files must be named
 * *.mocks.test.ts(x), which gives them a graph of their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Spelled in two parts so that this file is not itself a file that calls it.
const MOCK_CALL = `vi.${'mock'}('./x.js', () => ({}));`;
const SRC = path.resolve(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The files that call vi.mock but are not named for it; `files` maps a path to its text. */
export function mockingFilesMisnamed(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([file, text]) => /\bvi\.(mock|doMock)\(/.test(text) && !/\.mocks\.test\.tsx?$/.test(file))
    .map(([file]) => file);
}

describe('web test files', () => {
  it('when a file replaces a module with vi.mock, then it is named *.mocks.test.tsx', () => {
    const files = Object.fromEntries(testFiles(SRC).map((file) => [path.relative(SRC, file), fs.readFileSync(file, 'utf8')]));
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(mockingFilesMisnamed(files)).toEqual([]);
  });

  it('when a plainly named file calls vi.mock, then it is reported', () => {
    expect(mockingFilesMisnamed({
      'a/plain.test.tsx': MOCK_CALL,
      'a/named.mocks.test.tsx': MOCK_CALL,
      'a/none.test.ts': 'expect(1).toBe(1);',
    })).toEqual(['a/plain.test.tsx']);
  });
});
