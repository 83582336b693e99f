/**
 * Production runs the compiled tree with plain node (`npm run build`; docs/operating.md): no
 * command of the image, compose or Kubernetes loads a TypeScript loader, and each one names the
 * compiled twin of a real entry file, started the way core/runtime-paths.ts expects.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { COMPILED_CONDITION } from '@craftwell/core/runtime-paths';
// @ts-expect-error: a plain-JavaScript script with no type declarations
import { API_BUNDLE, sourceOfEntry } from '../../scripts/prepare.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const NODE_PREFIX = ['node', `--conditions=${COMPILED_CONDITION}`, '--enable-source-maps'];

function dockerfileCommands(): string[][] {
  const text = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  return [...text.matchAll(/^(?:CMD|ENTRYPOINT)\s+(\[.*\])\s*$/gm)].map((m) => JSON.parse(m[1]) as string[]);
}

function yamlCommands(file: string): string[][] {
  const found: string[][] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'command' && Array.isArray(value) && value[0] === 'node' && value[1] !== '-e') found.push(value.map(String));
      else walk(value);
    }
  };
  for (const doc of parseAllDocuments(fs.readFileSync(file, 'utf8'))) walk(doc.toJS());
  return found;
}

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? yamlFiles(full) : /\.ya?ml$/.test(e.name) ? [full] : [];
  });
}

const commands: Array<[string, string[]]> = [
  ...dockerfileCommands().map((c) => ['Dockerfile', c] as [string, string[]]),
  ...yamlCommands(path.join(root, 'docker-compose.yml')).map((c) => ['docker-compose.yml', c] as [string, string[]]),
  ...yamlFiles(path.join(root, 'deploy/k8s')).flatMap((f) => yamlCommands(f).map((c) => [path.relative(root, f), c] as [string, string[]])),
];

describe('production start commands', () => {
  it('when collected, then the image, compose and Kubernetes each start something, and each runs the api from its bundle', () => {
    const where = new Set(commands.map(([file]) => file.split('/')[0]));
    expect([...where].sort()).toEqual(['Dockerfile', 'deploy', 'docker-compose.yml']);
    const apiStarts = commands.filter(([, command]) => command[3]?.startsWith('api/') && !command[3].includes('/cli/'));
    expect(new Set(apiStarts.map(([file]) => file.split('/')[0]))).toEqual(where);
    for (const [file, command] of apiStarts) expect(command[3], file).toBe(API_BUNDLE);
  });

  it.each(commands)('when %s runs %j, then it is plain node on a compiled entry with no TypeScript loader', (_file, command) => {
    expect(command.join(' ')).not.toMatch(/tsx|ts-node|--loader|--import|\.ts\b/);
    expect(command.slice(0, 3)).toEqual(NODE_PREFIX);
    const entry = command[3]!;
    // The api's bundle (scripts/bundle-api.mjs) is built from the api's main; the rest are compiled twins.
    const source = sourceOfEntry(entry) ?? entry;
    expect(source, entry).toMatch(/^(api|worker)\/src\/.+\.ts$/);
    expect(fs.existsSync(path.join(root, source)), `${entry} compiles from a source file`).toBe(true);
  });

  it('when the image is built, then tsx is not a production dependency and the runtime copies only compiled output', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    expect(pkg.dependencies?.tsx).toBeUndefined();
    expect(pkg.devDependencies?.tsx).toBeDefined();
    const runtime = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8').split(/^FROM .* AS runtime$/m)[1] ?? '';
    expect(runtime).toMatch(/npm ci --omit=dev/);
    for (const ws of ['core', 'contracts', 'queue', 'storage', 'api', 'worker']) {
      expect(runtime, ws).toMatch(new RegExp(`COPY --from=build /app/${ws}/dist ${ws}/dist`));
      expect(runtime, `${ws} sources are not copied`).not.toMatch(new RegExp(`^COPY ${ws} ${ws}$`, 'm'));
    }
  });
});
