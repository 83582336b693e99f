/**
 * The static catalog of engines: every engine Craftwell can run, the tool it serves, the label a
 * user sees, whether it runs offline and what it needs. Engines take their `info` from here, so
 * the api can describe them (start-up log, /api/config) without loading a single model.
 */
import type { EngineInfo, ToolName } from './jobs.js';

export interface CatalogEntry {
  id: string;
  tools: readonly ToolName[];
  /** What an operator sets or installs to use it ('nothing' for the embedded defaults). */
  needs: string;
  offline: boolean;
}

export const ENGINE_CATALOG: readonly CatalogEntry[] = [
  { id: 'offline-outline', tools: ['article'], needs: 'nothing', offline: true },
  { id: 'offline-headlines', tools: ['blog-title'], needs: 'nothing', offline: true },
  { id: 'resume-rules', tools: ['resume-review'], needs: 'nothing', offline: true },
  { id: 'openai-compatible', tools: ['article', 'blog-title', 'resume-review'], needs: 'AI_TEXT_BASE_URL or AI_TEXT_API_KEY', offline: false },
  { id: 'local-gguf', tools: ['article', 'blog-title', 'resume-review'], needs: 'a .gguf model in DATA_DIR/models or AI_TEXT_MODEL_PATH', offline: false },
  { id: 'openai-images', tools: ['generate-image'], needs: 'AI_IMAGE_API_KEY or AI_IMAGE_BASE_URL', offline: false },
  { id: 'clipdrop-text-to-image', tools: ['generate-image'], needs: 'CLIPDROP_API_KEY', offline: false },
  { id: 'isnet', tools: ['remove-background'], needs: 'nothing', offline: true },
  { id: 'removebg', tools: ['remove-background'], needs: 'BG_ENGINE=removebg and REMOVEBG_API_KEY', offline: false },
  { id: 'clipdrop-remove-background', tools: ['remove-background'], needs: 'BG_ENGINE=clipdrop and CLIPDROP_API_KEY', offline: false },
  { id: 'offline-object', tools: ['remove-object'], needs: 'nothing', offline: true },
  { id: 'offline-object-lama', tools: ['remove-object'], needs: 'an inpainting model installed on the admin page (Engines), or OBJECT_INPAINT_MODEL', offline: true },
  { id: 'cloudinary-gen-remove', tools: ['remove-object'], needs: 'CLOUDINARY_URL (or OBJECT_ENGINE=cloudinary with its keys)', offline: false },
  { id: 'clipdrop-cleanup', tools: ['remove-object'], needs: 'CLIPDROP_API_KEY (OBJECT_ENGINE=clipdrop when Cloudinary is set too)', offline: false },
];

/** The `info` of each engine, as replies, the start-up log and /api/config show it. */
export const ENGINES = {
  offlineOutline: { id: 'offline-outline', label: 'Offline outline engine (no AI model configured)', offline: true },
  offlineHeadlines: { id: 'offline-headlines', label: 'Offline headline engine (no AI model configured)', offline: true },
  resumeRules: { id: 'resume-rules', label: 'Rule-based resume analyser (no AI model configured)', offline: true },
  /** An LLM behind an OpenAI-compatible endpoint; host is the endpoint's host (api.openai.com by default). */
  openAiCompatible: (model: string, baseUrl: string | undefined): EngineInfo => ({
    id: 'openai-compatible',
    label: `${model} via ${baseUrl ? new URL(baseUrl).host : 'api.openai.com'}`,
    offline: false,
  }),
  /** modelFile is the file's base name. */
  localGguf: (modelFile: string): EngineInfo => ({ id: 'local-gguf', label: `Local model ${modelFile} (node-llama-cpp, CPU)`, offline: false }),
  /** The rule-based resume analysis with an LLM's narrative on top. */
  resumeWithLlm: (llm: EngineInfo): EngineInfo => ({ id: `${llm.id}+resume-rules`, label: `${llm.label}, on the rule-based resume analysis`, offline: false }),
  openAiImages: (model: string, baseUrl: string | undefined): EngineInfo => ({
    id: 'openai-images',
    label: `${openAiImagesName(baseUrl)}, model ${model}`,
    offline: false,
  }),
  clipdropTextToImage: { id: 'clipdrop-text-to-image', label: 'ClipDrop text-to-image', offline: false },
  isnet: (model: string | undefined): EngineInfo => ({ id: 'isnet', label: `ISNet background removal (embedded, offline, ${model ?? 'medium'} model)`, offline: true }),
  removebg: { id: 'removebg', label: 'remove.bg', offline: false },
  clipdropRemoveBackground: { id: 'clipdrop-remove-background', label: 'ClipDrop remove background', offline: false },
  offlineObject: { id: 'offline-object', label: 'Offline object remover (bundled object models and patch-based fill)', offline: true },
  /** The same remover when the operator has supplied an inpainting model (OBJECT_INPAINT_MODEL). */
  offlineObjectLama: { id: 'offline-object-lama', label: 'Offline object remover (bundled object models, installed inpainting model)', offline: true },
  cloudinaryGenRemove: { id: 'cloudinary-gen-remove', label: 'Cloudinary generative remove', offline: false },
  clipdropCleanup: { id: 'clipdrop-cleanup', label: 'ClipDrop cleanup (object found by the offline detector)', offline: false },
} as const satisfies Record<string, EngineInfo | ((...args: never[]) => EngineInfo)>;

/** How the OpenAI image generator names itself in labels and error messages. */
export function openAiImagesName(baseUrl: string | undefined): string {
  return baseUrl ? `OpenAI-compatible image server (${new URL(baseUrl).host})` : 'OpenAI Images';
}
