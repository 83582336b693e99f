/**
 * Every variable that start-up validates is documented: a row in the configuration tables of
 * docs/install-and-configuration.md and a line in .env.example. A variable added to a schema
 * without docs fails here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from '@craftwell/core/config/env';
import { backgroundConfigSchema } from '@craftwell/core/config/background';
import { imageConfigSchema } from '@craftwell/core/config/image-gen';
import { objectEnvSchema } from '@craftwell/core/config/object';
import { textConfigSchema } from '@craftwell/core/config/text';
import { STORAGE_ENV_NAMES } from '@craftwell/storage';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Set by the tooling, not by operators. */
const INTERNAL = new Set(['NODE_ENV', 'ENABLE_TEST_JOBS']);

const variables = [
  ...new Set(
    [envSchema, textConfigSchema, imageConfigSchema, backgroundConfigSchema, objectEnvSchema].flatMap((schema) => Object.keys(schema.shape)),
  ),
  // MINIO_* are documented once, as aliases of their S3_* names.
  ...STORAGE_ENV_NAMES.filter((name) => !name.startsWith('MINIO_')),
].filter((name) => !INTERNAL.has(name));

describe('when start-up validates a variable', () => {
  it('then a row of the configuration page names it in backticks', async () => {
    const page = await readFile(path.join(root, 'docs', 'install-and-configuration.md'), 'utf8');
    const tableRows = page.split('\n').filter((line) => line.startsWith('|')).join('\n');
    expect(variables.length).toBeGreaterThan(40);
    expect(variables.filter((name) => !tableRows.includes(`\`${name}\``))).toEqual([]);
  });

  it('then .env.example has a line for it', async () => {
    const example = await readFile(path.join(root, '.env.example'), 'utf8');
    expect(variables.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });
});
