/**
 * Texture features for the patch fill: besides its colour, each pixel carries how much the
 * brightness changes around it, so blurred grass and a flat wall of the same colour stay apart.
 */
/**
 * Texture features (Newson et al. 2014, "Video inpainting of complex scenes"): beside its colour,
 * each pixel carries the mean absolute horizontal and vertical brightness change around it, taken
 * at full resolution and averaged down the pyramid like the colours. At a coarse level, blurred
 * grass and a blurred flat wall have the same colour; the features still tell them apart, so the
 * fill does not lay a flat block into a textured field. Weight: each feature unit counts as this
 * many colour units.
 */
export const TEXTURE_WEIGHT = 3;
/** Window (radius) over which the brightness changes are averaged. */
const TEXTURE_RADIUS = 2;

/**
 * RGB plus the two texture features per pixel (see TEXTURE_WEIGHT). A change counts only between
 * two known, unblocked pixels: the hole's and other objects' edges are not the scene's texture.
 * Hole pixels get their features from the fill, like their colours.
 */
export function withTexture(rgbBytes: Uint8Array, hole: Uint8Array, blocked: Uint8Array | undefined, width: number, height: number): Float32Array {
  const scene = (i: number) => !hole[i] && !(blocked && blocked[i]);
  const grey = (i: number) => rgbBytes[i * 3]! + rgbBytes[i * 3 + 1]! + rgbBytes[i * 3 + 2]!;
  // Per pixel: change to the right / below, and whether it counts.
  const gx = new Float32Array(width * height), gy = new Float32Array(width * height);
  const hx = new Uint8Array(width * height), hy = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!scene(i)) continue;
      if (x + 1 < width && scene(i + 1)) { gx[i] = Math.abs(grey(i + 1) - grey(i)) / 3; hx[i] = 1; }
      if (y + 1 < height && scene(i + width)) { gy[i] = Math.abs(grey(i + width) - grey(i)) / 3; hy[i] = 1; }
    }
  }
  // Window sums, columns then rows. The changes are float32 thirds of whole numbers up to 765, so
  // every sum of them is exact in a double and the order of adding does not matter.
  const R = TEXTURE_RADIUS, scale = TEXTURE_WEIGHT, n = width * height;
  const colGx = new Float64Array(n), colGy = new Float64Array(n), colHx = new Int32Array(n), colHy = new Int32Array(n);
  for (let y = 0; y < height; y++) {
    const from = Math.max(0, y - R), to = Math.min(height - 1, y + R);
    for (let x = 0; x < width; x++) {
      let sx = 0, nx = 0, sy = 0, ny = 0;
      for (let yy = from; yy <= to; yy++) {
        const j = yy * width + x;
        sx += gx[j]!; nx += hx[j]!; sy += gy[j]!; ny += hy[j]!;
      }
      const i = y * width + x;
      colGx[i] = sx; colHx[i] = nx; colGy[i] = sy; colHy[i] = ny;
    }
  }
  const out = new Float32Array(n * 5);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      out[i * 5] = rgbBytes[i * 3]!; out[i * 5 + 1] = rgbBytes[i * 3 + 1]!; out[i * 5 + 2] = rgbBytes[i * 3 + 2]!;
      if (hole[i]) continue;
      let sx = 0, nx = 0, sy = 0, ny = 0;
      for (let xx = Math.max(0, x - R); xx <= Math.min(width - 1, x + R); xx++) {
        const j = y * width + xx;
        sx += colGx[j]!; nx += colHx[j]!; sy += colGy[j]!; ny += colHy[j]!;
      }
      out[i * 5 + 3] = nx ? (scale * sx) / nx : 0;
      out[i * 5 + 4] = ny ? (scale * sy) / ny : 0;
    }
  }
  return out;
}
