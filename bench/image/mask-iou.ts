/** Intersection over union of the subject (values >= 128) of two 8-bit masks of the same size. */
export function maskIou(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i += 1) {
    const inA = a[i]! >= 128;
    const inB = b[i]! >= 128;
    if (inA && inB) both += 1;
    if (inA || inB) either += 1;
  }
  return either ? both / either : 1;
}
