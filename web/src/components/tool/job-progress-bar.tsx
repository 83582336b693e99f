import { Loader2 } from 'lucide-react';
import type { JobProgress } from '../../lib/jobs.js';
import { cn } from '../../lib/cn.js';
import { ProgressTrack } from '../progress-track.js';

/** Words for the progress line: stage, and place in the queue while waiting. */
export function progressCaption(progress: JobProgress | null): string {
  if (!progress) return 'Sending your request...';
  if (progress.state === 'queued') {
    return progress.position && progress.position > 0 ? `Queued - position ${progress.position} in line` : 'Queued - starting soon';
  }
  return progress.stage || 'Working';
}

/** A real progress bar for a running job; announced politely to screen readers. */
export function JobProgressBar({ progress, note, className }: { progress: JobProgress | null; note?: string; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(progress?.progress ?? 0)));
  const caption = progressCaption(progress);
  return (
    <div className={cn('rounded-xl border border-brand-100 bg-brand-50/60 px-3.5 py-3', className)}>
      <div className="mb-2 flex items-start justify-between gap-3 text-xs font-medium text-brand-800">
        {/* Only the stage is announced; the percentage would be read out on every poll. */}
        <span aria-live="polite" className="min-w-0 break-words">
          {caption}
        </span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <ProgressTrack percent={percent} label="Progress" valueText={`${caption}, ${percent}%`} />
      {note ? <p className="mt-2 text-xs text-slate-600">{note}</p> : null}
    </div>
  );
}

/** A compact stand-in for the result while the job runs: spinner and current stage. */
export function ProgressSpinner({ progress }: { progress: JobProgress | null }) {
  return (
    <div className="flex flex-col items-center gap-2 text-center text-sm text-brand-700">
      <Loader2 className="size-6 animate-spin" aria-hidden="true" />
      <span>{progressCaption(progress)}</span>
    </div>
  );
}
