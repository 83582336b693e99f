/**
 * Rewrites a half-precision (FLOAT16) ONNX model as a full-precision (FLOAT) one.
 *
 * Where onnxruntime has no fp16 kernels (its CPU provider on x86) it wraps the fp16 parts of a
 * graph in casts; the same graph in fp32 runs on its fp32 kernels directly. The conversion walks
 * the protobuf wire format directly and re-encodes only the messages it changes, so every field
 * it does not know about (metadata, newer ONNX additions) is copied byte for byte.
 *
 * What changes: FLOAT16 tensors (initializers, Constant/ConstantOfShape values, any tensor
 * attribute) become FLOAT; Cast(to=FLOAT16) becomes Cast(to=FLOAT); FLOAT16 element types of
 * graph inputs, outputs and value_info become FLOAT. Subgraphs (If/Loop bodies) are walked too.
 * Cast(FLOAT -> FLOAT) left behind is a no-op that onnxruntime's optimiser removes.
 */

// ONNX field numbers (onnx.proto3) of the messages walked here.
const MODEL_GRAPH = 7;
const MODEL_FUNCTIONS = 25;
const FUNCTION_NODE = 7;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const GRAPH_INPUT = 11;
const GRAPH_OUTPUT = 12;
const GRAPH_VALUE_INFO = 13;
const NODE_OP_TYPE = 4;
const NODE_ATTRIBUTE = 5;
const ATTR_NAME = 1;
const ATTR_I = 3;
const ATTR_T = 5;
const ATTR_G = 6;
const ATTR_TENSORS = 10;
const ATTR_GRAPHS = 11;
const TENSOR_DATA_TYPE = 2;
const TENSOR_INT32_DATA = 5;
const TENSOR_RAW_DATA = 9;
const TENSOR_DATA_LOCATION = 14;
const VALUE_INFO_TYPE = 2;
const TYPE_TENSOR = 1;
const TYPE_SEQUENCE = 4;
const TYPE_MAP = 5;
const TYPE_OPTIONAL = 9;
const TYPE_SPARSE_TENSOR = 8;
const TENSOR_TYPE_ELEM = 1;
const SEQUENCE_ELEM = 1;
const MAP_VALUE = 2;
const OPTIONAL_ELEM = 1;

const FLOAT = 1;
const FLOAT16 = 10;

const VARINT = 0;
const FIXED64 = 1;
const BYTES = 2;
const FIXED32 = 5;

interface Field {
  number: number;
  wire: number;
  /** Varint value for wire type 0. */
  value: bigint;
  /** The payload (length-delimited) or the raw bytes (fixed). */
  bytes: Uint8Array;
  /** The whole field as it was encoded (tag included), reused when it is not changed. */
  raw: Uint8Array;
}

function readVarint(buf: Uint8Array, pos: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    if (pos >= buf.length) throw new Error('ONNX: truncated varint');
    const byte = buf[pos++];
    result |= BigInt(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return [result, pos];
    shift += 7n;
    if (shift > 63n) throw new Error('ONNX: varint too long');
  }
}

function parse(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    const [tag, afterTag] = readVarint(buf, pos);
    pos = afterTag;
    const number = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    let value = 0n;
    let bytes: Uint8Array;
    if (wire === VARINT) {
      [value, pos] = readVarint(buf, pos);
      bytes = buf.subarray(afterTag, pos);
    } else if (wire === BYTES) {
      const [length, afterLength] = readVarint(buf, pos);
      pos = afterLength + Number(length);
      if (pos > buf.length) throw new Error('ONNX: truncated field');
      bytes = buf.subarray(afterLength, pos);
    } else if (wire === FIXED64 || wire === FIXED32) {
      pos += wire === FIXED64 ? 8 : 4;
      if (pos > buf.length) throw new Error('ONNX: truncated field');
      bytes = buf.subarray(afterTag, pos);
    } else {
      throw new Error(`ONNX: unsupported wire type ${wire}`);
    }
    fields.push({ number, wire, value, bytes, raw: buf.subarray(start, pos) });
  }
  return fields;
}

function varint(value: bigint | number): Uint8Array {
  let v = BigInt(value);
  const out: number[] = [];
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const part of parts) {
    out.set(part, pos);
    pos += part.length;
  }
  return out;
}

const varintField = (number: number, value: number) => concat([varint(number << 3), varint(value)]);
const bytesField = (number: number, payload: Uint8Array) => concat([varint((number << 3) | BYTES), varint(payload.length), payload]);

/** Rewrites the length-delimited fields listed in `rewrite` of one message; the rest is copied. */
function rewriteMessage(buf: Uint8Array, rewrite: Record<number, (payload: Uint8Array) => Uint8Array>): Uint8Array {
  const fields = parse(buf);
  let changed = false;
  const parts = fields.map((field) => {
    const fn = field.wire === BYTES ? rewrite[field.number] : undefined;
    if (!fn) return field.raw;
    const payload = fn(field.bytes);
    if (payload === field.bytes) return field.raw;
    changed = true;
    return bytesField(field.number, payload);
  });
  return changed ? concat(parts) : buf;
}

/** IEEE 754 binary16 -> binary32, exact for every value (subnormals, infinities, NaN). */
const halfToFloat = (() => {
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h += 1) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >> 10) & 0x1f;
    const mantissa = h & 0x3ff;
    if (exponent === 0) table[h] = sign * mantissa * 2 ** -24;
    else if (exponent === 31) table[h] = mantissa ? NaN : sign * Infinity;
    else table[h] = sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
  }
  return table;
})();

/** Little-endian fp16 values -> little-endian fp32 bytes. */
function widen(halves: ArrayLike<number>): Uint8Array {
  const out = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i += 1) out[i] = halfToFloat[halves[i]];
  return new Uint8Array(out.buffer);
}

function convertTensor(buf: Uint8Array): Uint8Array {
  const fields = parse(buf);
  const dataType = fields.find((f) => f.number === TENSOR_DATA_TYPE);
  if (!dataType || Number(dataType.value) !== FLOAT16) return buf;
  if (fields.some((f) => f.number === TENSOR_DATA_LOCATION && f.value !== 0n)) {
    throw new Error('ONNX: FLOAT16 tensors in external data files are not supported');
  }
  const parts: Uint8Array[] = [];
  for (const field of fields) {
    if (field.number === TENSOR_DATA_TYPE) {
      parts.push(varintField(TENSOR_DATA_TYPE, FLOAT));
    } else if (field.number === TENSOR_RAW_DATA) {
      // Copied into a buffer of its own: the payload's offset need not be 2-byte aligned.
      const halves = new Uint16Array(new Uint8Array(field.bytes).buffer);
      parts.push(bytesField(TENSOR_RAW_DATA, widen(halves)));
    } else if (field.number === TENSOR_INT32_DATA) {
      // fp16 values stored one per int32_data entry (packed varints, or one unpacked entry).
      const halves: number[] = [];
      if (field.wire === BYTES) {
        for (let pos = 0; pos < field.bytes.length;) {
          const [v, next] = readVarint(field.bytes, pos);
          halves.push(Number(v & 0xffffn));
          pos = next;
        }
      } else {
        halves.push(Number(field.value & 0xffffn));
      }
      // FLOAT tensors keep their values in raw_data too: one representation for every tensor.
      parts.push(bytesField(TENSOR_RAW_DATA, widen(halves)));
    } else {
      parts.push(field.raw);
    }
  }
  return concat(parts);
}

function convertTypeProto(buf: Uint8Array): Uint8Array {
  return rewriteMessage(buf, {
    [TYPE_TENSOR]: convertTensorType,
    [TYPE_SPARSE_TENSOR]: convertTensorType,
    [TYPE_SEQUENCE]: (b) => rewriteMessage(b, { [SEQUENCE_ELEM]: convertTypeProto }),
    [TYPE_OPTIONAL]: (b) => rewriteMessage(b, { [OPTIONAL_ELEM]: convertTypeProto }),
    [TYPE_MAP]: (b) => rewriteMessage(b, { [MAP_VALUE]: convertTypeProto }),
  });
}

function convertTensorType(buf: Uint8Array): Uint8Array {
  const fields = parse(buf);
  if (!fields.some((f) => f.number === TENSOR_TYPE_ELEM && Number(f.value) === FLOAT16)) return buf;
  return concat(fields.map((f) => (f.number === TENSOR_TYPE_ELEM ? varintField(TENSOR_TYPE_ELEM, FLOAT) : f.raw)));
}

const convertValueInfo = (buf: Uint8Array) => rewriteMessage(buf, { [VALUE_INFO_TYPE]: convertTypeProto });

function convertAttribute(buf: Uint8Array, opType: string): Uint8Array {
  const fields = parse(buf);
  const name = new TextDecoder().decode(fields.find((f) => f.number === ATTR_NAME)?.bytes);
  const castTo = opType === 'Cast' && name === 'to';
  const parts = fields.map((field) => {
    if (castTo && field.number === ATTR_I && Number(field.value) === FLOAT16) return varintField(ATTR_I, FLOAT);
    if (field.wire !== BYTES) return field.raw;
    let payload = field.bytes;
    if (field.number === ATTR_T || field.number === ATTR_TENSORS) payload = convertTensor(payload);
    else if (field.number === ATTR_G || field.number === ATTR_GRAPHS) payload = convertGraph(payload);
    return payload === field.bytes ? field.raw : bytesField(field.number, payload);
  });
  return concat(parts);
}

function convertNode(buf: Uint8Array): Uint8Array {
  const opType = new TextDecoder().decode(parse(buf).find((f) => f.number === NODE_OP_TYPE)?.bytes);
  return rewriteMessage(buf, { [NODE_ATTRIBUTE]: (b) => convertAttribute(b, opType) });
}

function convertGraph(buf: Uint8Array): Uint8Array {
  return rewriteMessage(buf, {
    [GRAPH_NODE]: convertNode,
    [GRAPH_INITIALIZER]: convertTensor,
    [GRAPH_INPUT]: convertValueInfo,
    [GRAPH_OUTPUT]: convertValueInfo,
    [GRAPH_VALUE_INFO]: convertValueInfo,
  });
}

/** The whole model with every FLOAT16 tensor, type and cast turned into FLOAT. */
export function convertOnnxToFp32(model: Uint8Array): Uint8Array {
  const fields = parse(model);
  if (!fields.some((f) => f.number === MODEL_GRAPH && f.wire === BYTES)) throw new Error('ONNX: no graph in the model');
  return rewriteMessage(model, {
    [MODEL_GRAPH]: convertGraph,
    [MODEL_FUNCTIONS]: (b) => rewriteMessage(b, { [FUNCTION_NODE]: convertNode }),
  });
}

/** How many FLOAT16 initializers the model's main graph holds (0 for a model already in fp32). */
export function countFp16Initializers(model: Uint8Array): number {
  const graph = parse(model).find((f) => f.number === MODEL_GRAPH && f.wire === BYTES);
  if (!graph) return 0;
  return parse(graph.bytes).filter((f) => f.number === GRAPH_INITIALIZER
    && parse(f.bytes).some((t) => t.number === TENSOR_DATA_TYPE && Number(t.value) === FLOAT16)).length;
}
