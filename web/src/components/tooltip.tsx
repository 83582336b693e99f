import type { ReactNode } from 'react';

/** A small hover/focus tooltip above its child; the child should carry its own accessible name. */
export function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  return (
    <span className="group/tooltip relative inline-flex">
      {children}
      <span
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-1/2 z-30 mb-2 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-lg transition group-focus-within/tooltip:opacity-100 group-hover/tooltip:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
