/**
 * The server unit files that share a module graph per worker are chosen by what their text
 * does (tests/setup/module-graphs.ts): anything that could outlive the file keeps it apart.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mayShareModuleGraph, sharedGraphFiles, UNIT_DIRS } from '../setup/module-graphs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PLAIN = "import { expect, it } from 'vitest';\nit('adds', () => { expect(1 + 1).toBe(2); });\n";

// Spelled in parts so that this file's own text carries none of them.
const LEAVES_SOMETHING_BEHIND = [
  `vi.${'mock'}('./x.js', () => ({}));`,
  `vi.${'doMock'}('./x.js');`,
  `vi.${'stubEnv'}('A', '1');`,
  `vi.${'stubGlobal'}('fetch', f);`,
  `vi.${'useFakeTimers'}();`,
  `vi.${'spyOn'}(console, 'warn');`,
  `process.${'env'}.PORT = '1';`,
  `const c = ${'spawn'}('node');`,
  `${'fork'}('child.js');`,
  `${'execFile'}Sync('ls');`,
  `new ${'Worker'}(url);`,
  `await ${'startTestApp'}({});`,
  `await ${'createTestDatabase'}(url);`,
  `${'inject'}('redisUrl');`,
  `${'serviceUrl'}('postgres');`,
  `new ${'Redis'}(url);`,
  `${'globalThis'}.x = 1;`,
];

describe('server unit files sharing a module graph', () => {
  it('when a file does only plain work, then it may share', () => {
    expect(mayShareModuleGraph(PLAIN)).toBe(true);
  });

  it.each(LEAVES_SOMETHING_BEHIND)('when a file does %s, then it keeps its own process', (line) => {
    expect(mayShareModuleGraph(`${PLAIN}${line}\n`)).toBe(false);
  });

  it('when the repository is read, then most unit files share, and none that the rule or the named list keeps apart', () => {
    const shared = sharedGraphFiles(ROOT, UNIT_DIRS, []);
    expect(shared.length).toBeGreaterThan(30);
    expect(shared).not.toContain('queue/__tests__/held-resources.test.ts');
    expect(shared).not.toContain('queue/__tests__/bullmq.test.ts');
  });
});
