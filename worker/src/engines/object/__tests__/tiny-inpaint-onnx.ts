/**
 * Writes a tiny ONNX model with the LaMa export's interface (inputs `image` [1,3,S,S] and
 * `mask` [1,1,S,S], output `output` [1,3,S,S]) that computes
 *   output = scale × (image × (1 − mask) + mask × colour)
 * so a test knows exactly what the hole must become. A hand-rolled protobuf encoder for the few
 * ModelProto fields needed; no onnx package ships in npm for writing models.
 */

type Field = Buffer;

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let v = BigInt(value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v > 0n);
  return Buffer.from(bytes);
}

const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, value: number): Field => Buffer.concat([key(field, 0), varint(value)]);
const bytes = (field: number, value: Buffer): Field => Buffer.concat([key(field, 2), varint(value.length), value]);
const text = (field: number, value: string): Field => bytes(field, Buffer.from(value, 'utf8'));
const message = (field: number, ...fields: Field[]): Field => bytes(field, Buffer.concat(fields));

const FLOAT = 1;

/** ValueInfoProto: name, TypeProto { tensor_type { elem_type, shape { dim { dim_value } } } }. */
function valueInfo(field: number, name: string, shape: number[]): Field {
  const dims = shape.map((d) => message(1, int(1, d)));
  return message(field, text(1, name), message(2, message(1, int(1, FLOAT), message(2, ...dims))));
}

/** TensorProto with raw little-endian float data. */
function initializer(name: string, shape: number[], values: number[]): Field {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  return message(5, ...shape.map((d) => int(1, d)), int(2, FLOAT), text(8, name), bytes(9, raw));
}

function node(op: string, inputs: string[], output: string): Field {
  return message(1, ...inputs.map((i) => text(1, i)), text(2, output), text(3, `${op}_${output}`), text(4, op));
}

export interface TinyInpaintModelOptions {
  /** RGB 0..1 painted into the hole. */
  colour: [number, number, number];
  /** 255 for a LaMa-like 0..255 output, 1 for a 0..1 output. */
  scale: number;
  /** Model side S (static in the graph). */
  size?: number;
}

export function tinyInpaintModel({ colour, scale, size = 512 }: TinyInpaintModelOptions): Buffer {
  const graph = Buffer.concat([
    node('Sub', ['one', 'mask'], 'keep_mask'),
    node('Mul', ['image', 'keep_mask'], 'kept'),
    node('Mul', ['mask', 'colour'], 'painted'),
    node('Add', ['kept', 'painted'], 'unit'),
    node('Mul', ['unit', 'scale'], 'output'),
    text(2, 'tiny_inpaint'),
    initializer('one', [1], [1]),
    initializer('colour', [1, 3, 1, 1], colour),
    initializer('scale', [1], [scale]),
    valueInfo(11, 'image', [1, 3, size, size]),
    valueInfo(11, 'mask', [1, 1, size, size]),
    valueInfo(12, 'output', [1, 3, size, size]),
  ]);
  return Buffer.concat([
    int(1, 8), // ir_version
    text(2, 'craftwell-tests'),
    message(7, graph),
    message(8, text(1, ''), int(2, 13)), // opset_import: default domain, opset 13
  ]);
}
