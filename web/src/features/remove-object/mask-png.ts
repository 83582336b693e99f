import { replayStrokes, type Size, type Stroke } from './mask-strokes.js';

/**
 * The mask the api accepts beside the image: a PNG of exactly the image's size (the server refuses
 * any other), black where to keep and white where the person painted.
 */
export function renderMaskPng(strokes: readonly Stroke[], natural: Size): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = natural.width;
  canvas.height = natural.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw the brush mask.'));
  context.fillStyle = '#000000';
  context.fillRect(0, 0, natural.width, natural.height);
  replayStrokes(context, strokes, '#ffffff');
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot draw the brush mask.'))), 'image/png');
  });
}
