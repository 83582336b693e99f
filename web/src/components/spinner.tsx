import { cn } from '../lib/cn.js';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** A spinning ring; decorative unless given a label. */
export function Spinner({ size = 'md', label, className }: { size?: keyof typeof sizes; label?: string; className?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('inline-block animate-spin rounded-full border-current border-t-transparent', sizes[size], className)}
    />
  );
}

/** A centred spinner with a line of text, for whole-panel loading states. */
export function LoadingState({ text, className }: { text: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 py-16 text-slate-500', className)}>
      <Spinner size="lg" className="text-brand-500" />
      <p className="text-sm font-medium">{text}</p>
    </div>
  );
}
