import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { ResultImage } from './result-image.js';

/** The original upload and the processed result side by side (stacked on narrow screens). */
export function BeforeAfter({
  originalUrl,
  resultUrl,
  resultLabel,
  processing,
  loaded,
  onLoaded,
  failMessage,
  progressSlot,
  checkerboard = false,
}: {
  originalUrl: string;
  resultUrl: string | null;
  /** "Processing..." while working, then the tool's done label. */
  resultLabel: string;
  processing: boolean;
  loaded: boolean;
  onLoaded: () => void;
  failMessage: string;
  /** Progress shown in the result slot while processing. */
  progressSlot?: ReactNode;
  checkerboard?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <figure className="min-w-0">
        <figcaption className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Original</figcaption>
        <div className="flex min-h-48 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          <img src={originalUrl} alt="Original upload" className="h-auto max-h-[32rem] w-full object-contain" />
        </div>
      </figure>
      <figure className="min-w-0">
        <figcaption
          aria-live="polite"
          className={cn('mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wide uppercase', processing ? 'text-brand-600' : resultUrl ? 'text-emerald-700' : 'text-slate-500')}
        >
          {processing ? <Loader2 className="size-3.5 animate-spin" aria-hidden="true" /> : null}
          {resultLabel}
        </figcaption>
        {resultUrl && !processing ? (
          <ResultImage src={resultUrl} alt={resultLabel} loaded={loaded} onLoaded={onLoaded} failMessage={failMessage} checkerboard={checkerboard} />
        ) : (
          <div className="flex min-h-48 items-center justify-center rounded-xl border border-dashed border-brand-200 bg-brand-50/40 p-4">
            <div className="w-full max-w-xs">{progressSlot}</div>
          </div>
        )}
      </figure>
    </div>
  );
}
