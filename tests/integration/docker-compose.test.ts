/**
 * Docker cannot run here, so the distributed setup is checked offline: docker-compose.yml is
 * parsed, interpolated the way Compose does it, and its environment is fed to the same config
 * parsers the processes use at start-up. Every worker service must run a valid queue list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '@craftwell/core/config/env';
import { parseStorageConfig, STORAGE_ENV_NAMES } from '@craftwell/storage';
import { QUEUE_NAMES } from '@craftwell/contracts/jobs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const composeText = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  container_name?: string;
  env_file?: unknown;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  deploy?: { replicas?: string | number };
}

/**
 * Compose interpolation of one string value: ${VAR:-default} and ${VAR-default} take the default,
 * ${VAR:?err} needs a value, $$ is a literal $.
 */
function interpolate(text: string, env: Record<string, string>): string {
  return text
    .replace(/\$\{([A-Za-z0-9_]+)(?:(:?[-?])([^}]*))?\}/g, (_, name: string, operator?: string, rest?: string) => {
      if (env[name] !== undefined) return env[name];
      if (operator?.endsWith('-')) return rest ?? '';
      if (operator?.endsWith('?')) throw new Error(`${name} is required: ${rest}`);
      return '';
    })
    .replace(/\$\$/g, '$');
}

/** Like Compose: parse first, then interpolate every string; environment values become strings. */
function interpolateTree(node: unknown, env: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateTree(item, env));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateTree(value, env)]));
  }
  return node;
}

function loadCompose(env: Record<string, string>) {
  const tree = interpolateTree(parse(composeText, { merge: true }), env) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  for (const service of Object.values(tree.services)) {
    if (service.environment) {
      service.environment = Object.fromEntries(Object.entries(service.environment).map(([k, v]) => [k, v === null ? '' : String(v)]));
    }
  }
  return tree;
}

const compose = loadCompose({ BETTER_AUTH_SECRET: 'x'.repeat(40) });
const services = compose.services;
const workers = Object.entries(services).filter(([name]) => name.startsWith('worker-'));
const appServices = Object.entries(services).filter(([, service]) => service.image === 'craftwell:local');

describe('docker-compose.yml', () => {
  it('when parsed, then it has the data services, the api behind a proxy and one worker service per queue', () => {
    for (const name of ['postgres', 'redis', 'minio', 'minio-init', 'api', 'web', 'worker-text', 'worker-image', 'worker-pdf']) {
      expect(services[name], name).toBeDefined();
    }
    expect(services.api.build).toBeDefined();
    expect(Number(services.api.deploy?.replicas)).toBeGreaterThanOrEqual(2);
  });

  it('when a worker service starts, then it runs `npm run worker -- --queues <q> --concurrency N`, and all queues are covered', () => {
    const covered = new Set<string>();
    for (const [name, service] of workers) {
      const command = service.command ?? [];
      expect(command.slice(0, 4), name).toEqual(['npm', 'run', 'worker', '--']);
      const queues = command[command.indexOf('--queues') + 1]?.split(',') ?? [];
      expect(queues.length, name).toBeGreaterThan(0);
      for (const queue of queues) {
        expect(QUEUE_NAMES as readonly string[], `${name} queue ${queue}`).toContain(queue);
        covered.add(queue);
      }
      const concurrency = Number(command[command.indexOf('--concurrency') + 1]);
      expect(Number.isInteger(concurrency) && concurrency >= 1, name).toBe(true);
    }
    expect([...covered].sort()).toEqual([...QUEUE_NAMES].sort());
  });

  it('when a tier is scaled, then nothing pins it: no container names, no host ports on api or workers', () => {
    for (const [name, service] of Object.entries(services)) expect(service.container_name, name).toBeUndefined();
    for (const [name, service] of [...workers, ['api', services.api] as const]) expect(service.ports, name).toBeUndefined();
  });

  it('when the app containers read their environment, then the api config and storage config accept it as is', () => {
    expect(appServices.length).toBe(1 + workers.length);
    for (const [name, service] of appServices) {
      // Everything else reaches the container from .env, under the names embedded mode reads.
      expect(service.env_file, name).toEqual([{ path: '.env', required: false }]);
      const env = service.environment!;
      expect(env.REDIS_URL, name).toBe('redis://redis:6379');
      expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(env.RUN_WORKERS, name).toBe('false');
      const config = loadConfig(env);
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(parseStorageConfig(env, { dataDir: config.dataDir })).toMatchObject({ driver: 's3', endPoint: 'minio', port: 9000, useSSL: false, bucket: 'craftwell' });
    }
  });

  it('when compared with embedded mode, then every variable name is one .env.example documents or storage reads', () => {
    const documented = new Set([
      ...[...fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
      ...STORAGE_ENV_NAMES,
    ]);
    const internal = new Set(['NODE_ENV']);
    for (const [name, service] of appServices) {
      for (const variable of Object.keys(service.environment ?? {})) {
        if (internal.has(variable)) continue;
        expect(documented.has(variable), `${name}: ${variable} is not in .env.example`).toBe(true);
      }
    }
  });

  it('when services depend on each other, then every dependency and named volume exists', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(services[dependency], `${name} -> ${dependency}`).toBeDefined();
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('.')) expect(fs.existsSync(path.join(root, source)), source).toBe(true);
        else expect(compose.volumes, source).toHaveProperty(source);
      }
    }
  });

  it('when a required secret is missing, then interpolation refuses to start the stack', () => {
    expect(() => loadCompose({})).toThrow(/BETTER_AUTH_SECRET is required/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');

  it('when built, then a build stage makes the web bundle and the runtime stage has production dependencies only', () => {
    const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => m[2]);
    expect(stages).toEqual(['build', 'runtime']);
    const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime/m));
    expect(runtime).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=build \/app\/web\/dist web\/dist/);
    expect(runtime).toMatch(/^USER node$/m);
    for (const folder of ['api', 'worker', 'storage', 'migrations']) expect(runtime).toContain(`COPY ${folder} ${folder}`);
  });
});
