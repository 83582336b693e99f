import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The list lint lets the web import values from (eslint.config.js, WEB_VALUE_CONTRACTS). */
const WEB_VALUE_CONTRACTS: string[] = JSON.parse(
  /WEB_VALUE_CONTRACTS = (\[[^\]]*\])/.exec(readFileSync(new URL('../../eslint.config.js', import.meta.url), 'utf8'))![1].replaceAll("'", '"'),
);

/** Every module specifier a file loads at run time (type-only imports and exports are erased). */
function runtimeImports(source: string): string[] {
  const statements = source.match(/^(?:import|export)\b[^;]*?\bfrom\s+'[^']+'|^import\s+'[^']+'|\bimport\(\s*'[^']+'\s*\)/gm) ?? [];
  return statements
    .filter((statement) => !/^(?:import|export)\s+type\b/.test(statement))
    .map((statement) => /'([^']+)'/.exec(statement)![1]);
}

describe('contracts the web imports values from', () => {
  it('when the web bundles one of them, then it pulls in no package, only others of the same list', () => {
    const allowed = new Set(WEB_VALUE_CONTRACTS.map((name) => `./${name}.js`));
    for (const name of WEB_VALUE_CONTRACTS) {
      const source = readFileSync(new URL(`../${name}.ts`, import.meta.url), 'utf8');
      expect({ name, imports: runtimeImports(source).filter((specifier) => !allowed.has(specifier)) }).toEqual({ name, imports: [] });
    }
  });

  it('when a file loads a package at run time, then the check sees it (type-only imports do not count)', () => {
    const source = "import type { A } from './jobs.js';\nimport { z } from 'zod';\nexport { x } from './errors.js';\nexport type { B } from './handler.js';\n";
    expect(runtimeImports(source)).toEqual(['zod', './errors.js']);
  });
});
