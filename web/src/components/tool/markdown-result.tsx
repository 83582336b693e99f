import { Markdown } from '../markdown.js';
import { cn } from '../../lib/cn.js';

/**
 * A result rendered as markdown in a scrollable box. The box is focusable so keyboard users can
 * scroll it; table cells keep whole words (the global markdown style breaks long words anywhere,
 * which splits short cells like "10/10" in a narrow panel).
 */
export function MarkdownResult({ label, busy = false, className, children }: { label: string; busy?: boolean; className?: string; children: string }) {
  return (
    <div
      tabIndex={0}
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(
        'max-h-[40rem] min-h-0 overflow-y-auto rounded-xl border border-slate-100 bg-slate-50/50 p-4 sm:p-5',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        '[&_table]:[overflow-wrap:normal]',
        className,
      )}
    >
      <Markdown>{children}</Markdown>
    </div>
  );
}
