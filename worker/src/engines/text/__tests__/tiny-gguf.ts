/**
 * Writes a tiny llama-architecture GGUF with random weights and an SPM vocabulary of the three
 * special tokens plus the 256 byte tokens, so tests can exercise the real load-and-generate path
 * of node-llama-cpp without shipping a model. The output is noise; only its tokens matter.
 */
import { writeFileSync } from 'node:fs';

const enum T { U32 = 4, I32 = 5, F32 = 6, STRING = 8, ARRAY = 9 }

export function writeTinyGguf(file: string, seed = 1): void {
  const nEmbd = 64, nFf = 128, nHead = 4, nLayer = 1;
  const tokens = ['<unk>', '<s>', '</s>', ...Array.from({ length: 256 }, (_, b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`)];
  const nVocab = tokens.length;
  const parts: Buffer[] = [];
  const u32 = (v: number) => { const b = Buffer.alloc(4); b.writeUInt32LE(v); parts.push(b); };
  const i32 = (v: number) => { const b = Buffer.alloc(4); b.writeInt32LE(v); parts.push(b); };
  const u64 = (v: number) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); parts.push(b); };
  const f32 = (v: number) => { const b = Buffer.alloc(4); b.writeFloatLE(v); parts.push(b); };
  const str = (s: string) => { const b = Buffer.from(s, 'utf8'); u64(b.length); parts.push(b); };

  const kv: Array<[string, () => void]> = [
    ['general.architecture', () => { u32(T.STRING); str('llama'); }],
    ['general.name', () => { u32(T.STRING); str('craftwell-test-tiny'); }],
    ['llama.context_length', () => { u32(T.U32); u32(2048); }],
    ['llama.embedding_length', () => { u32(T.U32); u32(nEmbd); }],
    ['llama.block_count', () => { u32(T.U32); u32(nLayer); }],
    ['llama.feed_forward_length', () => { u32(T.U32); u32(nFf); }],
    ['llama.attention.head_count', () => { u32(T.U32); u32(nHead); }],
    ['llama.attention.head_count_kv', () => { u32(T.U32); u32(nHead); }],
    ['llama.attention.layer_norm_rms_epsilon', () => { u32(T.F32); f32(1e-5); }],
    ['llama.rope.dimension_count', () => { u32(T.U32); u32(nEmbd / nHead); }],
    ['tokenizer.ggml.model', () => { u32(T.STRING); str('llama'); }],
    ['tokenizer.ggml.tokens', () => { u32(T.ARRAY); u32(T.STRING); u64(nVocab); tokens.forEach(str); }],
    ['tokenizer.ggml.scores', () => { u32(T.ARRAY); u32(T.F32); u64(nVocab); tokens.forEach(() => f32(0)); }],
    // 2 = unknown, 3 = control, 6 = byte
    ['tokenizer.ggml.token_type', () => { u32(T.ARRAY); u32(T.I32); u64(nVocab); tokens.forEach((_, i) => i32(i === 0 ? 2 : i < 3 ? 3 : 6)); }],
    ['tokenizer.ggml.unknown_token_id', () => { u32(T.U32); u32(0); }],
    ['tokenizer.ggml.bos_token_id', () => { u32(T.U32); u32(1); }],
    ['tokenizer.ggml.eos_token_id', () => { u32(T.U32); u32(2); }],
  ];

  // GGUF dims are innermost first: [columns, rows].
  const tensors: Array<[string, number[]]> = [
    ['token_embd.weight', [nEmbd, nVocab]],
    ['output_norm.weight', [nEmbd]],
    ['output.weight', [nEmbd, nVocab]],
  ];
  for (let l = 0; l < nLayer; l++) {
    tensors.push(
      [`blk.${l}.attn_norm.weight`, [nEmbd]],
      [`blk.${l}.attn_q.weight`, [nEmbd, nEmbd]],
      [`blk.${l}.attn_k.weight`, [nEmbd, nEmbd]],
      [`blk.${l}.attn_v.weight`, [nEmbd, nEmbd]],
      [`blk.${l}.attn_output.weight`, [nEmbd, nEmbd]],
      [`blk.${l}.ffn_norm.weight`, [nEmbd]],
      [`blk.${l}.ffn_gate.weight`, [nEmbd, nFf]],
      [`blk.${l}.ffn_down.weight`, [nFf, nEmbd]],
      [`blk.${l}.ffn_up.weight`, [nEmbd, nFf]],
    );
  }

  parts.push(Buffer.from('GGUF', 'ascii'));
  u32(3);
  u64(tensors.length);
  u64(kv.length);
  for (const [key, write] of kv) { str(key); write(); }

  const align = 32;
  let offset = 0;
  const sizes = tensors.map(([, dims]) => dims.reduce((a, b) => a * b, 1) * 4);
  tensors.forEach(([name, dims], i) => {
    str(name); u32(dims.length); dims.forEach(u64); u32(0 /* F32 */); u64(offset);
    offset += Math.ceil(sizes[i] / align) * align;
  });
  const headerLength = parts.reduce((n, b) => n + b.length, 0);
  parts.push(Buffer.alloc((align - (headerLength % align)) % align));

  let state = seed >>> 0 || 1;
  const random = () => { state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0; return state / 2 ** 32; };
  tensors.forEach(([name], i) => {
    const data = Buffer.alloc(Math.ceil(sizes[i] / align) * align);
    const isNorm = name.endsWith('norm.weight');
    for (let j = 0; j < sizes[i] / 4; j++) data.writeFloatLE(isNorm ? 1 : (random() - 0.5) * 0.2, j * 4);
    parts.push(data);
  });
  writeFileSync(file, Buffer.concat(parts));
}
