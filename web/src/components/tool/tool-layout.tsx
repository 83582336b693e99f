import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../card.js';
import { PageHeader } from '../page-header.js';
import type { ToolCard } from '../../config/tools.js';
import { cn } from '../../lib/cn.js';

/** A tool screen: its heading, then the form and result panels side by side on wide screens. */
export function ToolPage({ tool, children }: { tool: ToolCard; children: ReactNode }) {
  const Icon = tool.icon;
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader title={tool.title} description={tool.description} icon={<Icon className="size-5" aria-hidden="true" />} gradient={tool.bg} />
      <div className="grid items-start gap-5 lg:grid-cols-2 lg:gap-6">{children}</div>
    </div>
  );
}

/** A titled panel; the icon tile takes the tool's own two-colour gradient. */
export function ToolPanel({
  icon: Icon,
  title,
  gradient,
  actions,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  gradient: ToolCard['bg'];
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card className={cn('flex min-w-0 flex-col p-4 sm:p-6', className)}>
      <section aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span
              className="grid size-9 shrink-0 place-items-center rounded-xl text-white shadow-sm"
              style={{ backgroundImage: `linear-gradient(135deg, ${gradient.from}, ${gradient.to})` }}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h2 id={headingId} className="truncate text-lg font-semibold text-slate-900">
              {title}
            </h2>
          </div>
          {actions ? <div className="ml-auto flex flex-wrap items-center justify-end gap-2">{actions}</div> : null}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** Finds a tool's card (title, icon, colours) by its route. */
export function toolByPath(cards: readonly ToolCard[], path: string): ToolCard {
  const card = cards.find((candidate) => candidate.path === path);
  if (!card) throw new Error(`No tool card for ${path}`);
  return card;
}
