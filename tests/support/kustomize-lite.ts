/**
 * The part of kustomize that deploy/k8s uses, for machines without `kubectl kustomize`:
 * resources (files and folders), components, patches (strategic merge, matched by kind and name),
 * nameSuffix, namespace and images. Lists of objects with a `name` merge by name, as Kubernetes'
 * strategic merge does for containers, env, volumes and volume mounts; other lists are replaced.
 * The manifests test checks that it renders exactly what kubectl renders where kubectl exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  resources?: string[];
  components?: string[];
  patches?: { path?: string; patch?: string }[];
  nameSuffix?: string;
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
}

type Tree = Record<string, unknown>;

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readDocuments(file: string): Manifest[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
}

function mergeLists(target: unknown[], patch: unknown[]): unknown[] {
  const byName = patch.every((item) => isTree(item) && typeof item.name === 'string');
  if (!byName) return patch;
  const merged = [...target];
  for (const item of patch as Tree[]) {
    const index = merged.findIndex((existing) => isTree(existing) && existing.name === item.name);
    if (index >= 0) merged[index] = strategicMerge(merged[index] as Tree, item);
    else merged.push(item);
  }
  return merged;
}

export function strategicMerge(target: Tree, patch: Tree): Tree {
  const merged: Tree = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    if (isTree(current) && isTree(value)) merged[key] = strategicMerge(current, value);
    else if (Array.isArray(current) && Array.isArray(value)) merged[key] = mergeLists(current, value);
    else merged[key] = value;
  }
  return merged;
}

/** Names a manifest had before this build renamed it, so a patch may use either. */
const originalNames = new WeakMap<Manifest, string>();

function applyPatch(manifests: Manifest[], patch: Manifest): Manifest[] {
  const matches = (manifest: Manifest) =>
    manifest.kind === patch.kind && [manifest.metadata.name, originalNames.get(manifest)].includes(patch.metadata.name);
  if (!manifests.some(matches)) throw new Error(`patch matches no resource: ${patch.kind} ${patch.metadata.name}`);
  return manifests.map((manifest) => {
    if (!matches(manifest)) return manifest;
    const patched = strategicMerge(manifest, { ...patch, metadata: { ...patch.metadata, name: manifest.metadata.name } }) as Manifest;
    originalNames.set(patched, originalNames.get(manifest) ?? manifest.metadata.name);
    return patched;
  });
}

function podSpecs(manifest: Manifest): Tree[] {
  const template = (manifest.spec as Tree | undefined)?.template as Tree | undefined;
  const spec = template?.spec as Tree | undefined;
  return spec ? [spec] : [];
}

function setImages(manifest: Manifest, images: NonNullable<Kustomization['images']>): void {
  for (const spec of podSpecs(manifest)) {
    for (const container of [...((spec.containers as Tree[]) ?? []), ...((spec.initContainers as Tree[]) ?? [])]) {
      const [name, tag] = String(container.image).split(':');
      const rule = images.find((image) => image.name === name);
      const newTag = rule?.newTag ?? tag;
      if (rule) container.image = newTag ? `${rule.newName ?? name}:${newTag}` : (rule.newName ?? name);
    }
  }
}

export function kustomizeLite(directory: string): Manifest[] {
  const kustomization = readDocuments(path.join(directory, 'kustomization.yaml'))[0] as unknown as Kustomization;
  const load = (entry: string): Manifest[] => {
    const full = path.join(directory, entry);
    return fs.statSync(full).isDirectory() ? kustomizeLite(full) : readDocuments(full);
  };
  let manifests = [...(kustomization.resources ?? []), ...(kustomization.components ?? [])].flatMap(load);
  for (const { path: file, patch } of kustomization.patches ?? []) {
    const patchDocuments = file ? readDocuments(path.join(directory, file)) : [];
    if (patch) patchDocuments.push(...(parseAllDocuments(patch).map((document) => document.toJS()) as Manifest[]));
    for (const document of patchDocuments) manifests = applyPatch(manifests, document);
  }
  manifests = structuredClone(manifests).map((manifest, index) => {
    originalNames.set(manifest, originalNames.get(manifests[index]) ?? manifests[index].metadata.name);
    return manifest;
  });
  for (const manifest of manifests) {
    if (kustomization.nameSuffix) manifest.metadata.name += kustomization.nameSuffix;
    if (kustomization.namespace) manifest.metadata.namespace = kustomization.namespace;
    if (kustomization.images) setImages(manifest, kustomization.images);
  }
  return manifests;
}
