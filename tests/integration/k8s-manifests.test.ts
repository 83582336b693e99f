/**
 * Renders deploy/k8s/overlays/* and checks what a cluster would run: api replicas with probes and
 * a PodDisruptionBudget, one worker Deployment per queue with its own resources, migrations and
 * the storage check as Jobs, secrets only through Secrets, non-root read-only pods, pinned images,
 * and (production) a KEDA ScaledObject per worker on its BullMQ wait list.
 *
 * Rendering uses `kubectl kustomize` where kubectl is installed (it is not a Debian or npm
 * package, so CI machines may lack it); tests/support/kustomize-lite.ts renders the same subset
 * of kustomize everywhere, and where kubectl exists the two renderings must be identical.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { QUEUE_NAMES } from '@craftwell/contracts/jobs';
import { kustomizeLite, type Manifest } from '../support/kustomize-lite.js';
// @ts-expect-error: a plain-JavaScript script with no type declarations
import { API_BUNDLE, sourceOfEntry } from '../../scripts/prepare.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const OVERLAYS = ['dev', 'production'];

function kubectlAvailable(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasKubectl = kubectlAvailable();

function renderWithKubectl(directory: string): Manifest[] {
  const output = execFileSync('kubectl', ['kustomize', directory], { encoding: 'utf8' });
  return parseAllDocuments(output).map((document) => document.toJS() as Manifest);
}

const byKindAndName = (a: Manifest, b: Manifest) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`);

interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string; optional?: boolean } }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string }; exec?: unknown };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
}
interface PodSpec {
  containers: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}
const podSpec = (manifest: Manifest) => (manifest.spec as { template: { spec: PodSpec } }).template.spec;
const spec = <T>(manifest: Manifest) => manifest.spec as T;

const SECRET_NAME = /PASS|SECRET|TOKEN|KEY|CREDENTIAL|DATABASE_URL|REDIS_URL/i;

for (const overlay of OVERLAYS) {
  const directory = path.join(root, 'deploy/k8s/overlays', overlay);
  const manifests = (hasKubectl ? renderWithKubectl(directory) : kustomizeLite(directory)).sort(byKindAndName);
  const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
  const workloads = [...ofKind('Deployment'), ...ofKind('Job')];
  const api = ofKind('Deployment').find((manifest) => manifest.metadata.name === 'craftwell-api')!;
  const workers = ofKind('Deployment').filter((manifest) => manifest.metadata.name.startsWith('craftwell-worker-'));
  const config = ofKind('ConfigMap').find((manifest) => manifest.metadata.name === 'craftwell-config') as Manifest & { data: Record<string, string> };

  describe(`deploy/k8s/overlays/${overlay} (${hasKubectl ? 'kubectl kustomize' : 'kustomize-lite'})`, () => {
    it.skipIf(!hasKubectl)('when rendered by kubectl and by kustomize-lite, then both give the same manifests', () => {
      expect(kustomizeLite(directory).sort(byKindAndName)).toEqual(manifests);
    });

    it('when the api runs, then it has 2+ replicas, readiness on /readyz, liveness on /healthz and a PodDisruptionBudget', () => {
      expect(spec<{ replicas: number }>(api).replicas).toBeGreaterThanOrEqual(2);
      const container = podSpec(api).containers[0];
      expect(container.command).toEqual(['node', '--conditions=compiled', '--enable-source-maps', API_BUNDLE]);
      expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
      expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
      const apiLabels = (spec<{ selector: { matchLabels: Record<string, string> } }>(api)).selector.matchLabels;
      const budgets = ofKind('PodDisruptionBudget').filter((budget) =>
        Object.entries(spec<{ selector: { matchLabels: Record<string, string> } }>(budget).selector.matchLabels).every(([label, value]) => apiLabels[label] === value));
      expect(budgets).toHaveLength(1);
      expect(spec<{ minAvailable?: number }>(budgets[0]).minAvailable).toBeGreaterThanOrEqual(1);
      expect(ofKind('Service').map((service) => service.metadata.name)).toContain('craftwell-api');
    });

    it('when workers run, then each queue has its own Deployment, started like `npm run worker -- --queues q --concurrency N`, with its own resources', () => {
      const queues = workers.map((worker) => {
        const container = podSpec(worker).containers[0];
        expect(container.command, worker.metadata.name).toEqual(['node', '--conditions=compiled', '--enable-source-maps', 'worker/dist/src/main.js']);
        const args = container.args ?? [];
        const concurrency = Number(args[args.indexOf('--concurrency') + 1]);
        expect(Number.isInteger(concurrency) && concurrency >= 1, worker.metadata.name).toBe(true);
        const queue = args[args.indexOf('--queues') + 1];
        expect(worker.metadata.name).toBe(`craftwell-worker-${queue}`);
        return queue;
      });
      expect(queues.sort()).toEqual([...QUEUE_NAMES].sort());
      // Each queue is sized for its own work, not one size for all.
      const sizes = new Set(workers.map((worker) => JSON.stringify(podSpec(worker).containers[0].resources)));
      expect(sizes.size).toBe(workers.length);
      // Selectors differ, so no Deployment adopts another's pods.
      const selectors = new Set(workers.map((worker) => JSON.stringify(spec<{ selector: unknown }>(worker).selector)));
      expect(selectors.size).toBe(workers.length);
    });

    it('when deployed, then migrations and the storage check run as Jobs', () => {
      const commands = ofKind('Job').map((job) => podSpec(job).containers[0].command?.join(' '));
      const node = 'node --conditions=compiled --enable-source-maps';
      expect(commands.sort()).toEqual([`${node} api/dist/src/cli/migrate.js`, `${node} api/dist/src/cli/storage-init.js`]);
      for (const workload of workloads) {
        // The compiled entry (api/dist/src/x.js, or the api's bundle) is built from a source file that exists.
        const command = podSpec(workload).containers[0].command?.at(-1) ?? '';
        const entry = sourceOfEntry(command) ?? command;
        expect(fs.existsSync(path.join(root, entry)), `${workload.metadata.name}: ${entry}`).toBe(true);
      }
    });

    it('when any pod runs, then it has resources, runs as a non-root user with a read-only root file system', () => {
      for (const workload of workloads) {
        const pod = podSpec(workload);
        const name = workload.metadata.name;
        expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
        expect(pod.securityContext?.runAsUser, name).toBeGreaterThan(0);
        for (const container of pod.containers) {
          for (const kind of ['requests', 'limits'] as const) {
            expect(container.resources?.[kind], `${name} ${kind}`).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
          }
          expect(container.securityContext, name).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
        }
      }
    });

    it('when images are pulled, then each one has a version tag, never latest', () => {
      for (const workload of workloads) {
        for (const container of podSpec(workload).containers) {
          const tag = /:([^/:]+)$/.exec(container.image)?.[1];
          expect(tag, `${workload.metadata.name}: ${container.image}`).toMatch(/^v?\d+\.\d+/);
        }
      }
    });

    it('when secrets are used, then they come from Secrets, never from inline values or the ConfigMap', () => {
      expect(ofKind('Secret')).toEqual([]);
      for (const key of Object.keys(config.data)) expect(SECRET_NAME.test(key), `ConfigMap key ${key}`).toBe(false);
      for (const workload of workloads) {
        for (const container of podSpec(workload).containers) {
          for (const variable of container.env ?? []) {
            if (!SECRET_NAME.test(variable.name)) continue;
            expect(variable.value, `${workload.metadata.name}: ${variable.name}`).toBeUndefined();
            expect(variable.valueFrom?.secretKeyRef?.name, `${workload.metadata.name}: ${variable.name}`).toBe('craftwell-secrets');
          }
          for (const source of container.envFrom ?? []) {
            if (source.secretRef) expect(source.secretRef.optional, 'only the optional extras come in whole').toBe(true);
          }
        }
      }
      // What the api and workers need to start is each named explicitly, so a missing key stops the pod.
      for (const workload of [api, ...workers]) {
        const names = (podSpec(workload).containers[0].env ?? []).map((variable) => variable.name);
        expect(names, workload.metadata.name).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']));
      }
    });

    it('when storage is configured, then it goes through S3 with the api streaming results', () => {
      expect(config.data.S3_ENDPOINT).toMatch(/^https?:\/\//);
      expect(config.data.S3_PUBLIC_URL).toBe('');
      expect(config.data.RUN_WORKERS).toBe('false');
    });

    if (overlay === 'production') {
      it('when KEDA is enabled, then each worker scales on the length of its BullMQ wait list', () => {
        const scaled = ofKind('ScaledObject');
        expect(scaled.map((object) => spec<{ scaleTargetRef: { name: string } }>(object).scaleTargetRef.name).sort()).toEqual(
          workers.map((worker) => worker.metadata.name).sort(),
        );
        const authentications = ofKind('TriggerAuthentication').map((auth) => auth.metadata.name);
        for (const object of scaled) {
          const { scaleTargetRef, triggers, minReplicaCount } = spec<{
            scaleTargetRef: { name: string };
            minReplicaCount: number;
            triggers: { type: string; metadata: Record<string, string>; authenticationRef: { name: string } }[];
          }>(object);
          const queue = scaleTargetRef.name.replace('craftwell-worker-', '');
          expect(triggers).toHaveLength(1);
          expect(triggers[0].type).toBe('redis');
          expect(triggers[0].metadata.listName).toBe(`${config.data.QUEUE_PREFIX}:${queue}:wait`);
          expect(Number(triggers[0].metadata.listLength)).toBeGreaterThanOrEqual(1);
          expect(authentications).toContain(triggers[0].authenticationRef.name);
          // A worker stays up: the first job of a burst must not wait for a pod to start.
          expect(minReplicaCount).toBeGreaterThanOrEqual(1);
        }
        for (const auth of ofKind('TriggerAuthentication')) {
          expect(spec<{ secretTargetRef: { parameter: string; name: string; key: string }[] }>(auth).secretTargetRef).toEqual([
            { parameter: 'password', name: 'craftwell-secrets', key: 'REDIS_PASSWORD' },
          ]);
        }
      });
    }
  });
}
