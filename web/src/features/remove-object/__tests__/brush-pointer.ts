/** Test helpers for the mask brush: open it over a "loaded" image and drag across its canvas. */
import { fireEvent, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/** Where the image is shown in the viewport, in CSS pixels. */
export interface Shown { left: number; top: number; width: number; height: number }

/**
 * Clicks `toggle`, lets the image with `alt` "load" at its natural size, and lays the canvas out
 * at `shown`. Returns the canvas.
 */
export async function openBrushOver(
  user: ReturnType<typeof userEvent.setup>,
  { toggle, alt, natural, shown }: { toggle: string; alt: string; natural: { width: number; height: number }; shown: Shown },
): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: toggle }));
  const picture = screen.getByAltText(alt);
  Object.defineProperty(picture, 'naturalWidth', { configurable: true, value: natural.width });
  Object.defineProperty(picture, 'naturalHeight', { configurable: true, value: natural.height });
  fireEvent.load(picture);
  const canvas = await screen.findByTestId('mask-canvas');
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({
    ...shown, x: shown.left, y: shown.top, right: shown.left + shown.width, bottom: shown.top + shown.height, toJSON: () => ({}),
  });
  return canvas;
}

/** Drags across the canvas through points given relative to the shown image. */
export function dragAcross(canvas: HTMLElement, shown: Shown, points: [number, number][]): void {
  const at = ([x, y]: [number, number]) => ({ clientX: shown.left + x, clientY: shown.top + y, pointerId: 1, pointerType: 'mouse', button: 0 });
  fireEvent.pointerDown(canvas, at(points[0]!));
  for (const point of points.slice(1)) fireEvent.pointerMove(canvas, at(point));
  fireEvent.pointerUp(canvas, at(points.at(-1)!));
}
