import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn.js';

/** The white rounded surface used for panels across the app. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl border border-slate-200/80 bg-white shadow-xs', className)} {...rest} />;
}
