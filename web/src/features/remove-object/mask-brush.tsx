import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Brush, Eraser, Undo2 } from 'lucide-react';
import { Button } from '../../components/button.js';
import { cn } from '../../lib/cn.js';
import { BRUSH_SIZE, brushSizeInImage, displayToImage, replayStrokes, screenScale, type Size, type Stroke } from './mask-strokes.js';

/** Drawn opaque on a half-transparent canvas, so overlapping strokes keep one even tint. */
const HIGHLIGHT = '#f43f5e';

/** What the brush says: the single-image page's words unless a caller (the batch panel) gives its own. */
export interface MaskBrushTexts {
  toggle: string;
  hint: string;
  imageAlt: string;
}

const SINGLE_IMAGE_TEXTS: MaskBrushTexts = {
  toggle: 'Mark the object with a brush',
  hint: 'Paint over what to remove. Without marks, the object is found by its name.',
  imageAlt: 'Image to mark',
};

/**
 * An optional brush over the chosen image: the person paints what to remove, and the strokes (in
 * the image's own pixels) become the mask sent with the request. Closing the brush drops the marks,
 * so what is sent always matches what is shown.
 */
export function MaskBrush({
  imageUrl,
  strokes,
  onStrokesChange,
  onImageSize,
  disabled,
  texts = SINGLE_IMAGE_TEXTS,
}: {
  imageUrl: string;
  strokes: readonly Stroke[];
  onStrokesChange: (strokes: Stroke[]) => void;
  /** The image's natural size, once it has loaded: the mask must match it exactly. */
  onImageSize: (size: Size) => void;
  disabled: boolean;
  texts?: MaskBrushTexts;
}) {
  const [open, setOpen] = useState(false);
  const [brushSize, setBrushSize] = useState<number>(BRUSH_SIZE.initial);
  // Keyed by address so a new image never borrows the previous one's size.
  const [loaded, setLoaded] = useState<{ url: string; size: Size } | null>(null);
  const natural = loaded?.url === imageUrl ? loaded.size : null;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The stroke in progress and the one pointer drawing it (a second finger must not restart it).
  const drawing = useRef<{ stroke: Stroke; pointerId: number } | null>(null);
  const panelId = useId();
  const hintId = useId();
  const sizeId = useId();
  const scale = natural ? screenScale(natural) : 1;

  const redraw = useCallback(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context || !natural) return;
    context.clearRect(0, 0, natural.width * scale, natural.height * scale);
    replayStrokes(context, strokes, HIGHLIGHT, scale);
  }, [strokes, natural, scale]);

  // Setting the canvas size (or mounting it again) clears it, so each of those redraws every stroke.
  useEffect(() => redraw(), [redraw, open]);

  function toggle() {
    if (open && strokes.length > 0) onStrokesChange([]);
    setOpen(!open);
  }

  function imagePoint(event: ReactPointerEvent<HTMLCanvasElement>, size: Size) {
    const rect = event.currentTarget.getBoundingClientRect();
    return { point: displayToImage({ x: event.clientX - rect.left, y: event.clientY - rect.top }, rect, size), rect };
  }

  function drawLive(stroke: Stroke) {
    const context = canvasRef.current?.getContext('2d');
    // Only the newest segment: redrawing every stroke on each move would lag on long sessions.
    if (context) replayStrokes(context, [{ size: stroke.size, points: stroke.points.slice(-2) }], HIGHLIGHT, scale);
  }

  function startStroke(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (disabled || !natural || drawing.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { point, rect } = imagePoint(event, natural);
    drawing.current = { stroke: { size: brushSizeInImage(brushSize, rect, natural), points: [point] }, pointerId: event.pointerId };
    drawLive(drawing.current.stroke);
  }

  function extendStroke(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (drawing.current?.pointerId !== event.pointerId || !natural) return;
    drawing.current.stroke.points.push(imagePoint(event, natural).point);
    drawLive(drawing.current.stroke);
  }

  function endStroke(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (drawing.current?.pointerId !== event.pointerId) return;
    const { stroke } = drawing.current;
    drawing.current = null;
    onStrokesChange([...strokes, stroke]);
  }

  function cancelStroke(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (drawing.current?.pointerId !== event.pointerId) return;
    drawing.current = null;
    redraw();
  }

  const marks = strokes.length === 1 ? '1 mark' : `${strokes.length} marks`;

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        // aria-pressed variants outrank the secondary look, so the on state shows without a second variant.
        className="self-start aria-pressed:bg-brand-50 aria-pressed:text-brand-800 aria-pressed:ring-brand-300"
        icon={<Brush className="size-4" aria-hidden="true" />}
        aria-pressed={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        disabled={disabled}
      >
        {texts.toggle}
      </Button>
      {open ? (
        <div id={panelId} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3" data-testid="mask-brush">
          <p id={hintId} className="text-xs text-slate-600">
            {texts.hint}
          </p>
          <div className="flex justify-center overflow-hidden rounded-lg border border-slate-200 bg-white">
            <div className="relative max-w-full min-w-0">
              <img
                src={imageUrl}
                alt={texts.imageAlt}
                draggable={false}
                onLoad={(event) => {
                  const size = { width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight };
                  setLoaded({ url: imageUrl, size });
                  onImageSize(size);
                }}
                className="block h-auto max-h-[28rem] w-auto max-w-full select-none"
              />
              {natural ? (
                <canvas
                  ref={canvasRef}
                  width={Math.round(natural.width * scale)}
                  height={Math.round(natural.height * scale)}
                  role="img"
                  aria-label={`Brush marks on the image: ${marks}`}
                  aria-describedby={hintId}
                  data-testid="mask-canvas"
                  onPointerDown={startStroke}
                  onPointerMove={extendStroke}
                  onPointerUp={endStroke}
                  onPointerCancel={cancelStroke}
                  className={cn('absolute inset-0 size-full touch-none opacity-50', disabled ? 'cursor-not-allowed' : 'cursor-crosshair')}
                />
              ) : null}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <div className="flex min-w-48 flex-1 items-center gap-2.5">
              <label htmlFor={sizeId} className="text-sm font-medium whitespace-nowrap text-slate-700">
                Brush size
              </label>
              <input
                id={sizeId}
                type="range"
                min={BRUSH_SIZE.min}
                max={BRUSH_SIZE.max}
                step={BRUSH_SIZE.step}
                value={brushSize}
                onChange={(event) => setBrushSize(Number(event.target.value))}
                aria-valuetext={`${brushSize} pixels`}
                disabled={disabled}
                className="min-w-0 flex-1 accent-brand-600"
              />
              <span className="w-12 text-right text-xs text-slate-500 tabular-nums" aria-hidden="true">
                {brushSize} px
              </span>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                icon={<Undo2 className="size-4" aria-hidden="true" />}
                onClick={() => onStrokesChange(strokes.slice(0, -1))}
                disabled={disabled || strokes.length === 0}
              >
                Undo
              </Button>
              <Button
                variant="secondary"
                size="sm"
                icon={<Eraser className="size-4" aria-hidden="true" />}
                onClick={() => onStrokesChange([])}
                disabled={disabled || strokes.length === 0}
              >
                Clear
              </Button>
            </div>
          </div>
          <p aria-live="polite" data-testid="mask-status" className="text-xs font-medium text-slate-600">
            {strokes.length > 0 ? `${marks} - only the painted area will be removed` : 'No marks yet'}
          </p>
        </div>
      ) : null}
    </div>
  );
}
