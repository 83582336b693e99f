import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { BarChart3, Download, Layers, LayoutDashboard, Rocket, Sparkles } from 'lucide-react';
import { downloadFromApi } from '../../../lib/api-download.js';
import { Badge } from '../../../components/badge.js';
import { buttonClasses, Button } from '../../../components/button.js';
import { Card } from '../../../components/card.js';
import { EmptyState } from '../../../components/empty-state.js';
import { PageHeader } from '../../../components/page-header.js';
import { LoadingState } from '../../../components/spinner.js';
import { paths } from '../../../config/paths.js';
import { averagePerWeek, dashboardStats, type Creation, type CreationCounts } from '../creation-stats.js';
import type { CreationChange } from './creation-actions.js';
import { CreationCard } from './creation-card.js';
import { StatCards } from './stat-cards.js';

export type DashboardViewProps = {
  creations: Creation[];
  loading: boolean;
  isPremium: boolean;
  now?: number;
  /** Server-side counts over all creations; without them the list is counted. */
  counts?: CreationCounts;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** The owner deleted or unpublished one creation. */
  onCreationChange?: (id: Creation['id'], change: CreationChange) => void;
};

/** Runs of creations made in one batch, each run together; every other creation alone. */
export function groupByBatch(creations: Creation[]): Array<{ batchId: string | null; creations: Creation[] }> {
  const groups: Array<{ batchId: string | null; creations: Creation[] }> = [];
  for (const creation of creations) {
    const last = groups.at(-1);
    if (creation.batch_id && last?.batchId === creation.batch_id) last.creations.push(creation);
    else groups.push({ batchId: creation.batch_id ?? null, creations: [creation] });
  }
  return groups;
}

/** The cards of one batch under one heading, with the batch's Download all. */
function BatchGroup({ batchId, count, children }: { batchId: string; count: number; children: ReactNode }) {
  const [downloading, setDownloading] = useState(false);
  async function downloadAll() {
    setDownloading(true);
    try {
      await downloadFromApi(`/api/batches/${batchId}/download`, 'craftwell-batch.zip');
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Download failed');
    } finally {
      setDownloading(false);
    }
  }
  return (
    <li className="rounded-2xl border border-slate-200 bg-slate-50/60 p-3">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 px-1">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <Layers className="size-4 text-brand-600" aria-hidden="true" />
          From one batch · {count} {count === 1 ? 'image' : 'images'}
        </p>
        <Button size="sm" variant="secondary" loading={downloading} onClick={() => void downloadAll()} icon={<Download className="size-4" aria-hidden="true" />}>
          Download all
        </Button>
      </div>
      <ul className="space-y-3">{children}</ul>
    </li>
  );
}

/** The Dashboard screen, free of data fetching so it can be tested with any list. */
export function DashboardView({ creations, loading, isPremium, now, counts, hasMore, loadingMore, onLoadMore, onCreationChange }: DashboardViewProps) {
  const cards = dashboardStats(creations, isPremium, now, counts);
  const total = counts?.total ?? creations.length;
  const hasCreations = !loading && total > 0;

  return (
    <div>
      <PageHeader title="Dashboard" description="An overview of everything you have created." icon={<LayoutDashboard className="size-5" aria-hidden="true" />} />
      <StatCards cards={cards} />

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className={hasCreations ? 'lg:col-span-2' : 'lg:col-span-3'}>
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <h2 className="text-base font-semibold text-slate-900">Recent Creations</h2>
            <Badge tone="brand">
              {total} {total === 1 ? 'item' : 'items'}
            </Badge>
          </div>
          <div className="p-4 sm:p-5">
            {loading ? (
              <LoadingState text="Loading your creations..." />
            ) : total === 0 && creations.length === 0 ? (
              <EmptyState icon={<Sparkles className="size-6" aria-hidden="true" />} title="Ready to Create?">
                <p>Your articles, titles, images and reviews will appear here.</p>
                <Link to={paths.writeArticle} className={buttonClasses('primary', 'md', 'mt-5')}>
                  Create your first piece
                </Link>
              </EmptyState>
            ) : (
              <>
                <ul className="space-y-3">
                  {groupByBatch(creations).map((group) =>
                    group.batchId ? (
                      <BatchGroup key={`batch-${group.batchId}-${group.creations[0]!.id}`} batchId={group.batchId} count={group.creations.length}>
                        {group.creations.map((creation) => (
                          <CreationCard key={creation.id} creation={creation} onChange={onCreationChange && ((change) => onCreationChange(creation.id, change))} />
                        ))}
                      </BatchGroup>
                    ) : (
                      <CreationCard key={group.creations[0]!.id} creation={group.creations[0]!} onChange={onCreationChange && ((change) => onCreationChange(group.creations[0]!.id, change))} />
                    ),
                  )}
                </ul>
                {hasMore && onLoadMore && (
                  <div className="mt-4 flex justify-center">
                    <Button variant="secondary" onClick={onLoadMore} loading={loadingMore}>
                      Load more
                    </Button>
                  </div>
                )}
              </>
            )}
          </div>
        </Card>

        {hasCreations && (
          // Stays in view beside a long list on wide screens (below the 64 px top bar).
          <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
            <Card className="p-5">
              <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
                <BarChart3 className="size-4.5 text-brand-600" aria-hidden="true" /> Quick Stats
              </h2>
              <dl className="mt-4 space-y-3 text-sm">
                <div className="flex items-center justify-between rounded-xl bg-slate-50 px-4 py-3">
                  <dt className="text-slate-600">Average per week</dt>
                  <dd className="font-semibold text-slate-900">{averagePerWeek(total)}</dd>
                </div>
                <div className="flex items-center justify-between rounded-xl bg-slate-50 px-4 py-3">
                  <dt className="text-slate-600">Most productive day</dt>
                  <dd className="font-semibold text-slate-900">Today</dd>
                </div>
              </dl>
            </Card>
            <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-accent-600 p-6 text-white shadow-lg shadow-brand-600/20">
              <Rocket className="absolute -right-3 -bottom-3 size-24 text-white/10" aria-hidden="true" />
              <h2 className="text-lg font-semibold">Keep Creating!</h2>
              <p className="mt-2 text-sm leading-6 text-white/85">You're on a roll. Try another tool and add something new to your collection today.</p>
              <Link
                to={paths.generateImages}
                className="mt-5 inline-flex items-center rounded-xl bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-sm transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Generate an image
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
