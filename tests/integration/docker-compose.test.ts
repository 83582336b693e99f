/**
 * Docker cannot run here (no engine, and no Compose plugin for `docker compose config`), so the
 * distributed setup is checked offline: docker-compose.yml is parsed, interpolated the way Compose
 * does it, and its environment is fed to the same config parsers the processes use at start-up.
 * Every worker service must run a valid queue list; every image is pinned; every long-running
 * service has a healthcheck; no secret has a default; only the proxy publishes a port; the
 * storage init step opens nothing to anonymous readers.
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
  restart?: string;
  healthcheck?: { test?: string[] | string; disable?: boolean };
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

/** Every value compose requires (`${NAME:?message}`), as a person fills .env from .env.example. */
const REQUIRED_SECRETS = ['POSTGRES_PASSWORD', 'REDIS_PASSWORD', 'GARAGE_RPC_SECRET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'BETTER_AUTH_SECRET'];
const filledEnv: Record<string, string> = {
  POSTGRES_PASSWORD: 'a1'.repeat(24),
  REDIS_PASSWORD: 'b2'.repeat(24),
  GARAGE_RPC_SECRET: 'c3'.repeat(32),
  S3_ACCESS_KEY: `GK${'d4'.repeat(12)}`,
  S3_SECRET_KEY: 'e5'.repeat(32),
  BETTER_AUTH_SECRET: 'f6'.repeat(32),
};
const compose = loadCompose(filledEnv);
const rawServices = (parse(composeText, { merge: true }) as { services: Record<string, Service> }).services;
const services = compose.services;
const workers = Object.entries(services).filter(([name]) => name.startsWith('worker-'));
const appServices = Object.entries(services).filter(([, service]) => service.image === 'craftwell:local');

describe('docker-compose.yml', () => {
  it('when parsed, then it has the data services, the api behind a proxy and one worker service per queue', () => {
    for (const name of ['postgres', 'redis', 'garage', 'storage-init', 'migrate', 'api', 'web', 'worker-text', 'worker-image', 'worker-pdf']) {
      expect(services[name], name).toBeDefined();
    }
    expect(services.api.build).toBeDefined();
    expect(Number(services.api.deploy?.replicas)).toBeGreaterThanOrEqual(2);
  });

  it('when a worker service starts, then it runs the compiled worker (`npm run worker` without npm) with --queues <q> --concurrency N, and all queues are covered', () => {
    const covered = new Set<string>();
    for (const [name, service] of workers) {
      const command = service.command ?? [];
      expect(command.slice(0, 4), name).toEqual(['node', '--conditions=compiled', '--enable-source-maps', 'worker/dist/src/main.js']);
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
    // api, the workers and the two one-shot steps (migrate, storage-init) share the app image.
    expect(appServices.length).toBe(3 + workers.length);
    for (const [name, service] of appServices) {
      // Everything else reaches the container from .env, under the names embedded mode reads.
      expect(service.env_file, name).toEqual([{ path: '.env', required: false }]);
      const env = service.environment!;
      expect(env.REDIS_URL, name).toBe(`redis://:${filledEnv.REDIS_PASSWORD}@redis:6379`);
      expect(env.DATABASE_URL, name).toBe(`postgres://craftwell:${filledEnv.POSTGRES_PASSWORD}@postgres:5432/craftwell`);
      expect(env.RUN_WORKERS, name).toBe('false');
      const config = loadConfig(env);
      expect(config.REDIS_URL).toBe(env.REDIS_URL);
      expect(parseStorageConfig(env, { dataDir: config.dataDir })).toMatchObject({
        driver: 's3', endPoint: 'garage', port: 3900, useSSL: false, bucket: 'craftwell', region: 'garage',
        accessKey: filledEnv.S3_ACCESS_KEY, secretKey: filledEnv.S3_SECRET_KEY,
      });
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

  it('when any required secret is missing, then interpolation refuses to start the stack and names it', () => {
    for (const name of REQUIRED_SECRETS) {
      const env = { ...filledEnv };
      delete env[name];
      expect(() => loadCompose(env), name).toThrow(new RegExp(`${name} is required: set ${name}`));
    }
  });

  it('when images are pulled, then each one is pinned to a version (no latest, no bare name)', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.image === 'craftwell:local') continue;
      expect(service.image, `${name} has no image`).toBeDefined();
      const [, tag] = service.image!.split(':');
      expect(tag, `${name}: ${service.image} has no tag`).toBeDefined();
      expect(tag, `${name}: ${service.image}`).not.toMatch(/latest/i);
      // At least major.minor: a bare major (`17-alpine`) moves under the deployment.
      expect(tag, `${name}: ${service.image} is not pinned to a version`).toMatch(/^v?\d+\.\d+/);
    }
  });

  it('when a service runs for good, then it has a healthcheck; only one-shot steps (restart: no) have none', () => {
    const oneShots = Object.entries(services).filter(([, service]) => service.restart === 'no').map(([name]) => name);
    expect(oneShots.sort()).toEqual(['migrate', 'storage-init']);
    for (const [name, service] of Object.entries(services)) {
      if (oneShots.includes(name)) continue;
      const test = service.healthcheck?.test;
      expect(test, `${name} has no healthcheck`).toBeDefined();
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect([test].flat()[0], name).not.toBe('NONE');
    }
    // Whoever needs a one-shot step waits for it to finish successfully.
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        const expected = oneShots.includes(dependency) ? 'service_completed_successfully' : 'service_healthy';
        expect(condition, `${name} -> ${dependency}`).toBe(expected);
      }
    }
  });

  it('when secrets are read, then none has a default or a literal value in the compose file', () => {
    const secretName = /PASS|SECRET|TOKEN|KEY|CREDENTIAL/i;
    // ${SECRET:-value} or ${SECRET-value}: a default that starts the stack with a known secret.
    for (const match of composeText.matchAll(/\$\{([A-Za-z0-9_]+)(:?-)[^}]*\}/g)) {
      expect(secretName.test(match[1]), `default value for ${match[1]}`).toBe(false);
    }
    // Every secret-like variable of every service is a required interpolation, never a literal.
    for (const [name, service] of Object.entries(rawServices)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (!secretName.test(variable)) continue;
        expect(String(value), `${name}: ${variable}`).toMatch(/^\$\{[A-Z0-9_]+:\?[^}]+\}$/);
      }
      // Credentials inside URLs come from required variables too.
      for (const value of Object.values(service.environment ?? {})) {
        const credentials = /^[a-z]+:\/\/([^@/]*)@/.exec(String(value))?.[1];
        if (credentials?.includes(':')) {
          expect(credentials.slice(credentials.indexOf(':') + 1), `${name}: ${String(value)}`).toMatch(/^\$\{[A-Z0-9_]+:\?[^}]+\}$/);
        }
      }
    }
    // And .env.example names each required one, so a person knows what to fill in.
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    for (const name of REQUIRED_SECRETS) expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });

  it('when ports are published, then only the proxy has one; storage, databases and the api stay internal', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'web') expect(service.ports, name).toEqual(['3000:80']);
      else expect(service.ports, `${name} publishes a host port`).toBeUndefined();
    }
  });

  it('when storage is prepared, then nothing is opened to anonymous readers and the region matches the server', () => {
    const garageToml = fs.readFileSync(path.join(root, 'deploy/garage.toml'), 'utf8');
    // Garage has no bucket policies; its only anonymous door is the [s3_web] website endpoint.
    expect(garageToml).not.toMatch(/^\s*\[s3_web\]/m);
    expect(garageToml).not.toMatch(/rpc_secret\s*=|admin_token\s*=/);
    const region = /^\s*s3_region\s*=\s*"([^"]+)"/m.exec(garageToml)?.[1];
    for (const [name, service] of appServices) expect(service.environment?.S3_REGION, name).toBe(region);

    const init = services['storage-init'];
    expect(init.command).toEqual(['node', '--conditions=compiled', '--enable-source-maps', 'api/dist/src/cli/storage-init.js']);
    expect(fs.existsSync(path.join(root, 'api/src/cli/storage-init.ts'))).toBe(true);
    const initSource = fs.readFileSync(path.join(root, 'api/src/cli/storage-init.ts'), 'utf8');
    expect(initSource).toMatch(/assertBucketIsPrivate/);
    expect(initSource).not.toMatch(/setBucketPolicy|website/i);
    // No step grants anonymous access (mc anonymous set, bucket website --allow, a public policy).
    for (const [name, service] of Object.entries(services)) {
      const command = [service.command ?? []].flat().join(' ');
      expect(command, name).not.toMatch(/anonymous|website|\bpublic\b|bucket-?policy/i);
    }
    expect(services.garage.command).toEqual(['/garage', 'server', '--single-node', '--default-bucket']);
    expect(services.garage.environment).toMatchObject({
      GARAGE_DEFAULT_ACCESS_KEY: filledEnv.S3_ACCESS_KEY,
      GARAGE_DEFAULT_SECRET_KEY: filledEnv.S3_SECRET_KEY,
      GARAGE_DEFAULT_BUCKET: 'craftwell',
    });
    for (const [name, service] of [...workers, ['api', services.api] as const]) {
      expect(service.depends_on?.['storage-init'], name).toEqual({ condition: 'service_completed_successfully' });
    }
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
    // A supported Node LTS with major and minor pinned (Node 20 reached end of life in April 2026).
    const base = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
    expect(base).toMatch(/^node:(22|24)\.\d+(\.\d+)?-bookworm-slim$/);
    expect(dockerfile.match(/^FROM \$\{NODE_IMAGE\} AS/gm)?.length).toBe(2);
    for (const folder of ['api', 'worker', 'storage']) expect(runtime).toContain(`COPY --from=build /app/${folder}/dist ${folder}/dist`);
    expect(runtime).toContain('COPY migrations migrations');
  });
});
