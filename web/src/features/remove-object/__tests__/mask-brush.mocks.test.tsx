import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import RemoveObjectPage from '../index.js';
import { renderMaskPng } from '../mask-png.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, fill, renderTool } from '../../../components/tool/__tests__/render-tool.js';
import { dragAcross, openBrushOver } from './brush-pointer.js';

// jsdom cannot encode a PNG: the export is replaced, and the test checks what it was asked to draw.
vi.mock('../mask-png.js', () => ({ renderMaskPng: vi.fn() }));

const photo = (name = 'coffee.png') => new File([new Uint8Array(2048)], name, { type: 'image/png' });
/** The 600x400 photo is shown at 300x200, 10 px right and 20 px down the viewport. */
const shown = { left: 10, top: 20, width: 300, height: 200 };

/** Opens the brush over the image, "loaded" at 600x400 and laid out as `shown`. */
const openBrush = (user: ReturnType<typeof userEvent.setup>) =>
  openBrushOver(user, { toggle: 'Mark the object with a brush', alt: 'Image to mark', natural: { width: 600, height: 400 }, shown });
const drag = (canvas: HTMLElement, points: [number, number][]) => dragAcross(canvas, shown, points);


let drawnLines = 0;

beforeEach(() => {
  drawnLines = 0;
  vi.mocked(renderMaskPng).mockReset().mockImplementation(async () => new Blob(['png bytes'], { type: 'image/png' }));
  // jsdom has no 2D context; a stand-in counts the strokes painted on screen.
  const context = {
    clearRect: () => {},
    beginPath: () => {},
    moveTo: () => {},
    lineTo: () => {},
    arc: () => {},
    fill: () => {},
    stroke: () => drawnLines++,
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => context) as unknown as HTMLCanvasElement['getContext']);
});

function removeObjectReplies() {
  return fakeApi((url) => (url.startsWith('/api/ai/remove-image-object') ? { status: 200, body: { success: true, content: '/files/result.png' } } : undefined));
}

/** The tool with coffee.png chosen and, when given, the object name typed. */
async function photoChosen(object?: string) {
  const calls = removeObjectReplies();
  const user = userEvent.setup();
  renderTool(<RemoveObjectPage />);
  await user.upload(screen.getByLabelText('Upload Image'), photo());
  if (object) await fill(user, screen.getByLabelText('Object to Remove'), object);
  return { calls, user };
}

async function submitted(user: ReturnType<typeof userEvent.setup>, calls: ReturnType<typeof fakeApi>) {
  await user.click(screen.getByRole('button', { name: 'Remove Object' }));
  await screen.findByText(/^Successfully removed/);
  return calls.find((call) => call.url.startsWith('/api/ai/'))?.init.body as FormData;
}

describe('Object Removal brush', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('offers the brush only once an image is chosen, as a labelled toggle with its controls and hint', async () => {
    removeObjectReplies();
    const user = userEvent.setup();
    renderTool(<RemoveObjectPage />);
    expect(screen.queryByRole('button', { name: 'Mark the object with a brush' })).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload Image'), photo());
    expect(screen.getByRole('button', { name: 'Mark the object with a brush', pressed: false })).toBeEnabled();
    const canvas = await openBrush(user);
    expect(screen.getByRole('button', { name: 'Mark the object with a brush', pressed: true })).toBeInTheDocument();
    expect(canvas).toHaveAccessibleDescription('Paint over what to remove. Without marks, the object is found by its name.');
    expect(screen.getByLabelText('Brush size')).toHaveValue('24');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    expect(screen.getByTestId('mask-status')).toHaveTextContent('No marks yet');
  });

  it('when a stroke is painted, then the request carries a mask drawn from it in image pixels at the image size', async () => {
    const { calls, user } = await photoChosen('spoon');
    const canvas = await openBrush(user);
    drag(canvas, [[150, 110], [175, 130], [200, 150]]);
    expect(drawnLines).toBeGreaterThan(0);
    expect(screen.getByTestId('mask-status')).toHaveTextContent('1 mark - only the painted area will be removed');

    const form = await submitted(user, calls);
    // Displayed at half size: points and the 24 px brush double in image pixels.
    expect(renderMaskPng).toHaveBeenCalledWith(
      [{ size: 48, points: [{ x: 300, y: 220 }, { x: 350, y: 260 }, { x: 400, y: 300 }] }],
      { width: 600, height: 400 },
    );
    const mask = form.get('mask') as File;
    expect(mask.name).toBe('mask.png');
    expect(mask.type).toBe('image/png');
    expect(form.get('object')).toBe('spoon');
    expect((form.get('image') as File).name).toBe('coffee.png');
  });

  it('Undo takes back the last stroke and Clear the rest, after which no mask is sent', async () => {
    const { calls, user } = await photoChosen('spoon');
    const canvas = await openBrush(user);
    drag(canvas, [[10, 10], [20, 20]]);
    drag(canvas, [[100, 100]]);
    expect(screen.getByTestId('mask-status')).toHaveTextContent('2 marks');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByTestId('mask-status')).toHaveTextContent('1 mark');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('mask-status')).toHaveTextContent('No marks yet');

    const form = await submitted(user, calls);
    expect(form.has('mask')).toBe(false);
    expect(renderMaskPng).not.toHaveBeenCalled();
  });

  it('a second finger does not start another stroke, and a cancelled touch leaves no mark', async () => {
    const { user } = await photoChosen();
    const canvas = await openBrush(user);
    const touch = (pointerId: number, x: number) => ({ clientX: shown.left + x, clientY: shown.top + 50, pointerId, pointerType: 'touch' });
    fireEvent.pointerDown(canvas, touch(1, 50));
    fireEvent.pointerDown(canvas, touch(2, 200));
    fireEvent.pointerMove(canvas, touch(1, 80));
    fireEvent.pointerUp(canvas, touch(2, 200));
    expect(screen.getByTestId('mask-status')).toHaveTextContent('No marks yet');
    fireEvent.pointerCancel(canvas, touch(1, 80));
    expect(screen.getByTestId('mask-status')).toHaveTextContent('No marks yet');
    fireEvent.pointerDown(canvas, touch(3, 50));
    fireEvent.pointerUp(canvas, touch(3, 50));
    expect(screen.getByTestId('mask-status')).toHaveTextContent('1 mark');
  });

  it('choosing another image clears the marks, so the next request has no mask', async () => {
    const { calls, user } = await photoChosen('spoon');
    const canvas = await openBrush(user);
    drag(canvas, [[150, 110], [200, 150]]);
    expect(screen.getByTestId('mask-status')).toHaveTextContent('1 mark');
    await user.upload(screen.getByLabelText('Upload Image'), photo('other.png'));
    expect(screen.getByTestId('mask-status')).toHaveTextContent('No marks yet');

    const form = await submitted(user, calls);
    expect(form.has('mask')).toBe(false);
    expect((form.get('image') as File).name).toBe('other.png');
  });

  it('closing the brush drops its marks', async () => {
    const { calls, user } = await photoChosen('spoon');
    drag(await openBrush(user), [[150, 110], [200, 150]]);
    await user.click(screen.getByRole('button', { name: 'Mark the object with a brush' }));
    expect(screen.queryByTestId('mask-canvas')).not.toBeInTheDocument();

    const form = await submitted(user, calls);
    expect(form.has('mask')).toBe(false);
  });
});
