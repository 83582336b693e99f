import { Calendar, Crown, Sparkles, TrendingUp, type LucideIcon } from 'lucide-react';
import type { StatCard } from '../creation-stats.js';
import { cn } from '../../../lib/cn.js';

const looks: Record<StatCard['key'], { Icon: LucideIcon; tile: string }> = {
  total: { Icon: Sparkles, tile: 'from-sky-500 to-blue-600 shadow-blue-500/25' },
  plan: { Icon: Crown, tile: 'from-fuchsia-500 to-purple-600 shadow-purple-500/25' },
  week: { Icon: Calendar, tile: 'from-emerald-500 to-teal-600 shadow-emerald-500/25' },
  productivity: { Icon: TrendingUp, tile: 'from-amber-500 to-orange-600 shadow-orange-500/25' },
};

export function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card) => {
        const { Icon, tile } = looks[card.key];
        return (
          <li key={card.key} data-testid={`stat-${card.key}`} className="flex items-start justify-between gap-4 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-xs">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-500">{card.title}</p>
              <p className="mt-2 truncate text-2xl font-semibold tracking-tight text-slate-900">{card.value}</p>
              {card.trend && <p className="mt-1 text-xs font-medium text-slate-500">{card.trend}</p>}
            </div>
            <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br text-white shadow-md', tile)}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
