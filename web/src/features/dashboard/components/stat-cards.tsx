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
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cards.map((card) => {
        const { Icon, tile } = looks[card.key];
        return (
          <li key={card.key} data-testid={`stat-${card.key}`} className="flex flex-col-reverse items-start justify-end gap-3 sm:justify-between rounded-2xl border border-slate-200/80 bg-white p-4 shadow-xs sm:flex-row sm:gap-4 sm:p-5">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-500">{card.title}</p>
              <p className="mt-1.5 text-xl leading-tight font-semibold tracking-tight text-slate-900 sm:mt-2 sm:text-2xl">{card.value}</p>
              {card.trend && <p className="mt-1 text-xs font-medium text-slate-500">{card.trend}</p>}
            </div>
            <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br text-white shadow-md sm:size-11', tile)}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
