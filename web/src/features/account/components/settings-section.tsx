import type { ReactNode } from 'react';
import { Card } from '../../../components/card.js';
import { cn } from '../../../lib/cn.js';

/** One titled block of a settings page. */
export function SettingsSection({ title, description, children, danger }: { title: string; description?: string; children: ReactNode; danger?: boolean }) {
  return (
    <Card className={cn('p-5 sm:p-6', danger && 'border-red-200')} aria-label={title} role="region">
      <h2 className={cn('text-base font-semibold', danger ? 'text-red-700' : 'text-slate-900')}>{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}
