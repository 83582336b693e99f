import { useState } from 'react';
import { cn } from '../lib/cn.js';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl', xl: 'size-20 text-2xl' } as const;

/** Initials of a name, at most two letters. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const letters = parts.length === 1 ? parts[0].slice(0, 1) : parts[0].slice(0, 1) + parts[parts.length - 1].slice(0, 1);
  return letters.toUpperCase();
}

/** A user's picture, or their initials on a gradient when there is none (or it fails to load). */
export function Avatar({ name, src, size = 'md', className }: { name: string; src?: string | null; size?: keyof typeof sizes; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-accent-500 font-semibold text-white ring-2 ring-white',
        sizes[size],
        className,
      )}
    >
      {showImage ? (
        <img src={src!} alt="" className="size-full object-cover" onError={() => setFailed(src ?? null)} />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </span>
  );
}
