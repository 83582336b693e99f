import { Link } from 'react-router-dom';
import { cn } from '../lib/cn.js';

/** The Craftwell mark and word; always links home. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link
      to="/"
      className={cn('inline-flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500', className)}
      aria-label="Craftwell home"
    >
      <LogoMark className="size-8" />
      {!compact && <span className="text-lg font-semibold tracking-tight text-slate-900">Craftwell</span>}
    </Link>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="craftwell-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#a855f7" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#craftwell-logo)" />
      <path d="M20.5 10.5a7 7 0 1 0 0 11" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="22" cy="16" r="1.8" fill="#fff" />
    </svg>
  );
}
