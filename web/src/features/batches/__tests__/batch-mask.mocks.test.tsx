import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../testing/render.js';
import { fill, renderTool, SCREEN_TEST_TIMEOUT_MS } from '../../../components/tool/__tests__/render-tool.js';
import RemoveObjectPage from '../../remove-object/index.js';
import { renderMaskPng } from '../../remove-object/mask-png.js';
import { batchView, bigImage, formOf, image, stubFetch, type Call } from './batch-api-stub.js';
import { dragAcross, openBrushOver } from '../../remove-object/__tests__/brush-pointer.js';

// jsdom cannot encode a PNG: the export is replaced, and the test checks what it was asked to draw.
vi.mock('../../remove-object/mask-png.js', () => ({ renderMaskPng: vi.fn() }));

const MB = 1024 * 1024;
const maskBytes = new Blob(['mask png'], { type: 'image/png' });
const isPost = (call: Call, url: string) => call.method === 'POST' && call.url === url;
/** The first image (800x600) is shown at 400x300, 10 px right and 20 px down the viewport. */
const shown = { left: 10, top: 20, width: 400, height: 300 };

/** Opens the brush over the image, "loaded" at 800x600 and laid out as `shown`. */
const openBatchBrush = (user: ReturnType<typeof userEvent.setup>) =>
  openBrushOver(user, { toggle: 'Mark the area to remove with a brush', alt: 'First image of the batch, to mark', natural: { width: 800, height: 600 }, shown });
const drag = (canvas: HTMLElement, points: [number, number][]) => dragAcross(canvas, shown, points);


beforeEach(() => {
  vi.mocked(renderMaskPng).mockReset().mockImplementation(async () => maskBytes);
  // jsdom has no 2D context; the brush only needs one that takes its calls.
  const context = { clearRect() {}, beginPath() {}, moveTo() {}, lineTo() {}, arc() {}, fill() {}, stroke() {} };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => context) as unknown as HTMLCanvasElement['getContext']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The Object Removal page with its batch panel open and `files` chosen for the batch. */
async function batchChosen(files: File[], route: Parameters<typeof stubFetch>[0] = () => undefined) {
  const calls = stubFetch(route);
  const user = userEvent.setup();
  renderTool(<RemoveObjectPage />);
  await user.click(screen.getByRole('button', { name: 'Process many images' }));
  await user.upload(screen.getByLabelText('Images or a .zip for the batch'), files);
  return { calls, user };
}

function created(id: string, names: string[], extra = {}) {
  return batchView(id, names.map((fileName) => ({ fileName, state: 'done' as const, content: `https://cdn.test/${fileName}` })), { object: 'logo', ...extra }, 'remove-object');
}

describe('a brush mask for an Object Removal batch', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when an area is marked on the first image, then the batch is created with that mask drawn at the first image\'s size, and says it goes to every image', async () => {
    const batch = created('m1', ['shop-1.png', 'shop-2.png'], { mask: true });
    const { calls, user } = await batchChosen([image('shop-1.png'), image('shop-2.png')], (call) => {
      if (isPost(call, '/api/batches')) return jsonResponse({ success: true, batch }, 201);
      if (call.url === '/api/batches/m1') return jsonResponse({ success: true, batch });
      if (call.url === '/api/batches') return jsonResponse({ success: true, batches: [{ ...batch, items: undefined }] });
      return undefined;
    });
    // Only the batch's brush: the single-image form has no image, so it offers none.
    expect(screen.queryByRole('button', { name: 'Mark the object with a brush' })).not.toBeInTheDocument();
    const canvas = await openBatchBrush(user);
    expect(canvas).toHaveAccessibleDescription(/^Paint over the area to remove on the first image \(shop-1\.png\)\. The same area, scaled to each image's size, is removed from every image in the batch\./);
    drag(canvas, [[20, 20], [60, 40]]);
    await fill(user, screen.getByLabelText('Object to Remove'), 'logo');
    expect(screen.getByTestId('batch-removes')).toHaveTextContent("Removes the area you marked from every image, scaled to each image's size.");

    await user.click(screen.getByRole('button', { name: 'Start batch' }));
    expect(await screen.findByText('Finished: 2 of 2 done')).toBeInTheDocument();
    // Shown at half size: points and the 24 px brush double in the first image's pixels.
    expect(renderMaskPng).toHaveBeenCalledWith([{ size: 48, points: [{ x: 40, y: 40 }, { x: 120, y: 80 }] }], { width: 800, height: 600 });
    const form = formOf(calls.find((call) => isPost(call, '/api/batches'))!);
    const mask = form.get('mask') as File;
    expect(mask).toBeInstanceOf(File);
    expect(mask.name).toBe('mask.png');
    expect(mask.type).toBe('image/png');
    expect(form.get('object')).toBe('logo');
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['shop-1.png', 'shop-2.png']);
    expect(screen.getByRole('heading', { name: /^Batch of 2 images/ })).toHaveTextContent('Batch of 2 images · removing “logo” · area marked with the brush');
    const recent = screen.getByRole('region', { name: 'Recent batches' });
    expect(await within(recent).findByText(/2 images · 2 done/)).toHaveTextContent('2 images · 2 done · “logo” · brush mask');
  });

  it('when the marks are cleared, then the batch goes back to the name alone and no mask is sent', async () => {
    const batch = created('m2', ['shop-1.png']);
    const { calls, user } = await batchChosen([image('shop-1.png')], (call) => {
      if (isPost(call, '/api/batches')) return jsonResponse({ success: true, batch }, 201);
      if (call.url === '/api/batches/m2') return jsonResponse({ success: true, batch });
      return undefined;
    });
    await fill(user, screen.getByLabelText('Object to Remove'), 'logo');
    const canvas = await openBatchBrush(user);
    drag(canvas, [[20, 20]]);
    expect(screen.getByTestId('batch-removes')).toHaveTextContent('Removes the area you marked');
    const brush = screen.getByTestId('mask-brush');
    await user.click(within(brush).getByRole('button', { name: 'Clear' }));
    expect(within(brush).getByTestId('mask-status')).toHaveTextContent('No marks yet');
    expect(screen.getByTestId('batch-removes')).toHaveTextContent('Removes “logo” from every image.');

    await user.click(screen.getByRole('button', { name: 'Start batch' }));
    expect(await screen.findByText('Finished: 1 of 1 done')).toBeInTheDocument();
    const form = formOf(calls.find((call) => isPost(call, '/api/batches'))!);
    expect(form.has('mask')).toBe(false);
    expect(form.get('object')).toBe('logo');
    expect(renderMaskPng).not.toHaveBeenCalled();
  });

  it('when the batch is sent in several requests, then only the one that creates it carries the mask', async () => {
    const files = [bigImage('a.png', 15 * MB), bigImage('b.png', 15 * MB), bigImage('c.png', 15 * MB)];
    const all = created('m3', ['a.png', 'b.png', 'c.png'], { mask: true });
    const { calls, user } = await batchChosen(files, (call) => {
      if (isPost(call, '/api/batches')) return jsonResponse({ success: true, batch: created('m3', ['a.png', 'b.png'], { mask: true }) }, 201);
      if (isPost(call, '/api/batches/m3/items')) return jsonResponse({ success: true, batch: all });
      if (call.url === '/api/batches/m3') return jsonResponse({ success: true, batch: all });
      return undefined;
    });
    await fill(user, screen.getByLabelText('Object to Remove'), 'logo');
    drag(await openBatchBrush(user), [[100, 100], [150, 120]]);
    await user.click(screen.getByRole('button', { name: 'Start batch' }));
    expect(await screen.findByText('Finished: 3 of 3 done')).toBeInTheDocument();

    const create = calls.filter((call) => isPost(call, '/api/batches'));
    const items = calls.filter((call) => isPost(call, '/api/batches/m3/items'));
    expect(create).toHaveLength(1);
    expect(items).toHaveLength(1);
    expect(formOf(create[0]!).get('mask')).toBeInstanceOf(File);
    expect(formOf(items[0]!).has('mask')).toBe(false);
    expect(formOf(items[0]!).getAll('images').map((file) => (file as File).name)).toEqual(['c.png']);
    expect(renderMaskPng).toHaveBeenCalledTimes(1);
  });

  it('a mask does not replace the name (the api needs one beside it): Start waits for a word, and any word will do', async () => {
    const batch = created('m4', ['shop-1.png'], { mask: true });
    const { calls, user } = await batchChosen([image('shop-1.png')], (call) => {
      if (isPost(call, '/api/batches')) return jsonResponse({ success: true, batch }, 201);
      if (call.url === '/api/batches/m4') return jsonResponse({ success: true, batch });
      return undefined;
    });
    drag(await openBatchBrush(user), [[20, 20]]);
    const start = screen.getByRole('button', { name: 'Start batch' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription('Name what you marked in “Object to Remove” above; with a brush mask any single word will do.');

    // A word the offline detector does not know is fine with a mask: nothing is looked for by it.
    await fill(user, screen.getByLabelText('Object to Remove'), 'watermark');
    expect(start).toBeEnabled();
    await user.click(start);
    expect(await screen.findByText('Finished: 1 of 1 done')).toBeInTheDocument();
    const form = formOf(calls.find((call) => isPost(call, '/api/batches'))!);
    expect(form.get('object')).toBe('watermark');
    expect(form.get('mask')).toBeInstanceOf(File);
  });

  it('when other files are chosen, then the marks of the previous first image are dropped; a .zip alone offers no brush and says why', async () => {
    const { user } = await batchChosen([image('shop-1.png')]);
    drag(await openBatchBrush(user), [[20, 20]]);
    expect(screen.getByTestId('mask-status')).toHaveTextContent('1 mark');
    await user.upload(screen.getByLabelText('Images or a .zip for the batch'), [image('other.png')]);
    expect(screen.getByTestId('mask-status')).toHaveTextContent('No marks yet');

    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'photos.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('Images or a .zip for the batch'), [zip]);
    expect(screen.queryByRole('button', { name: 'Mark the area to remove with a brush' })).not.toBeInTheDocument();
    expect(screen.getByText('To mark the area to remove with a brush, choose images rather than a .zip.')).toBeInTheDocument();
  });
});
