/**
 * The workspace arrows are enforced by lint, not by good intentions: files planted in the tree
 * that break a rule (api importing the worker, a relative import into another workspace, core
 * importing the api, an import cycle, process.env outside core/config, a value import of contracts
 * in the web) fail `npm run lint`, and allowed imports pass.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tag = randomBytes(4).toString('hex');
const planted: string[] = [];
const eslint = new ESLint({ cwd: ROOT });

/** Writes a file into the repository (lint needs it inside its workspace) and lints it. */
async function ruleIdsFor(relativePath: string, code: string, alsoWrite: Record<string, string> = {}): Promise<string[]> {
  for (const [file, content] of Object.entries({ ...alsoWrite, [relativePath]: code })) {
    const full = path.join(ROOT, file);
    fs.writeFileSync(full, content);
    planted.push(full);
  }
  const [result] = await eslint.lintFiles([path.join(ROOT, relativePath)]);
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

afterAll(() => {
  for (const file of planted) fs.rmSync(file, { force: true });
});

describe('when a file breaks the workspace arrows', () => {
  it('then api importing the worker by package name fails', async () => {
    const ids = await ruleIdsFor(`api/src/planted-${tag}-a.ts`, "import { createEngines } from '@craftwell/worker/engines/index';\nexport const x = createEngines;\n");
    expect(ids).toContain('no-restricted-imports');
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('then a relative import into another workspace fails', async () => {
    const ids = await ruleIdsFor(`api/src/planted-${tag}-b.ts`, "import { createLogger } from '../../core/logger.js';\nexport const x = createLogger;\n");
    expect(ids).toContain('import-x/no-relative-packages');
  });

  it('then core importing the api fails', async () => {
    const ids = await ruleIdsFor(`core/planted-${tag}-c.ts`, "import { startServer } from '@craftwell/api/server';\nexport const x = startServer;\n");
    expect(ids).toContain('no-restricted-imports');
  });

  it('then an import cycle fails', async () => {
    const other = `core/planted-${tag}-d2.ts`;
    const ids = await ruleIdsFor(
      `core/planted-${tag}-d1.ts`,
      `import { two } from './planted-${tag}-d2.js';\nexport const one = () => two;\n`,
      { [other]: `import { one } from './planted-${tag}-d1.js';\nexport const two = () => one;\n` },
    );
    expect(ids).toContain('import-x/no-cycle');
  });

  it('then reading process.env outside core/config fails', async () => {
    const ids = await ruleIdsFor(`worker/src/planted-${tag}-e.ts`, 'export const key = process.env.SOME_KEY;\n');
    expect(ids).toContain('no-restricted-properties');
  });

  it('then SQL written in the api or the worker, not in core/repositories, fails', async () => {
    const source = "import type { Db } from '@craftwell/core/db/pool';\nexport const count = (db: Db) => db.query(`SELECT count(*) FROM creations`);\n";
    expect(await ruleIdsFor(`api/src/planted-${tag}-g.ts`, source)).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(`worker/src/planted-${tag}-h.ts`, source.replace('`SELECT count(*) FROM creations`', "'SELECT 1'"))).toContain('no-restricted-syntax');
  });

  it('then the web importing contracts values (not types) fails', async () => {
    const ids = await ruleIdsFor(`web/src/planted-${tag}-f.ts`, "import { JOBS } from '@craftwell/contracts/jobs';\nexport const x = JOBS;\n");
    expect(ids).toContain('@typescript-eslint/no-restricted-imports');
  });
});

describe('when a file follows the arrows', () => {
  it('then api importing core, contracts, queue and storage passes', async () => {
    const ids = await ruleIdsFor(
      `api/src/planted-${tag}-g.ts`,
      [
        "import { createLogger } from '@craftwell/core/logger';",
        "import { JOBS } from '@craftwell/contracts/jobs';",
        "import type { JobProducer } from '@craftwell/queue/types';",
        "import { newObjectKey } from '@craftwell/storage/keys';",
        'export const all = [createLogger, JOBS, newObjectKey] as const;',
        'export type Producer = JobProducer;',
        '',
      ].join('\n'),
    );
    expect(ids).toEqual([]);
  });

  it('then the web importing values from the contracts that import no package passes', async () => {
    const ids = await ruleIdsFor(`web/src/planted-${tag}-i.ts`, "import { ERRORS } from '@craftwell/contracts/errors';\nexport const x = ERRORS;\n");
    expect(ids).toEqual([]);
  });

  it('then the web importing contracts types passes', async () => {
    const ids = await ruleIdsFor(`web/src/planted-${tag}-h.ts`, "import type { ToolName } from '@craftwell/contracts/jobs';\nexport type Tool = ToolName;\n");
    expect(ids).toEqual([]);
  });
});
