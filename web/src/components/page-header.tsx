import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';

export type PageHeaderProps = {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** Two colours of the icon tile (a tool's own card colours); the brand gradient otherwise. */
  gradient?: { from: string; to: string };
  actions?: ReactNode;
};

/** Title row at the top of a signed-in screen. */
export function PageHeader({ title, description, icon, gradient, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="flex items-center gap-3">
        {icon && (
          <div
            data-testid="page-header-icon"
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-xl text-white shadow-sm',
              !gradient && 'bg-gradient-to-br from-brand-500 to-accent-500 shadow-brand-500/30',
            )}
            style={gradient ? { backgroundImage: `linear-gradient(135deg, ${gradient.from}, ${gradient.to})` } : undefined}
          >
            {icon}
          </div>
        )}
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
        </div>
      </div>
      {actions}
    </div>
  );
}
