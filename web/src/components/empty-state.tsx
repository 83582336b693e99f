import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';

/** A friendly centred message for panels with nothing to show yet. */
export function EmptyState({ icon, title, children, className }: { icon: ReactNode; title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-14 text-center', className)}>
      <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-50 to-accent-50 text-brand-600 ring-1 ring-brand-100">
        {icon}
      </div>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children && <div className="mt-1.5 max-w-sm text-sm text-slate-500">{children}</div>}
    </div>
  );
}
