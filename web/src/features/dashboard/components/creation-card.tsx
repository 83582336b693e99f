import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { ChevronDown, FileText, Image as ImageIcon, PenLine } from 'lucide-react';
import { Markdown } from '../../../components/markdown.js';
import { apiRequest } from '../../../lib/api-client.js';
import { cn } from '../../../lib/cn.js';
import { CreationActions, type CreationChange } from './creation-actions.js';
import { creationKind, creationTypeLabel, type Creation, type CreationKind } from '../creation-stats.js';

const themes: Record<CreationKind, { tile: string; chip: string; Icon: typeof FileText }> = {
  image: { tile: 'bg-emerald-50 text-emerald-600 ring-emerald-100', chip: 'bg-emerald-50 text-emerald-700 ring-emerald-200 hover:bg-emerald-100', Icon: ImageIcon },
  article: { tile: 'bg-sky-50 text-sky-600 ring-sky-100', chip: 'bg-sky-50 text-sky-700 ring-sky-200 hover:bg-sky-100', Icon: PenLine },
  other: { tile: 'bg-violet-50 text-violet-600 ring-violet-100', chip: 'bg-violet-50 text-violet-700 ring-violet-200 hover:bg-violet-100', Icon: FileText },
};

export function formatCreationDate(raw: string | undefined): string {
  if (!raw) return '';
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * The whole text of a list item that only carries its start, fetched the first time the card
 * opens. Until then (or if that fails) the start is shown.
 */
function useFullContent(creation: Creation, expanded: boolean): { content: string; loading: boolean } {
  const [full, setFull] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const needsFetch = expanded && Boolean(creation.content_truncated) && full === null;

  useEffect(() => {
    if (!needsFetch) return;
    const controller = new AbortController();
    setLoading(true);
    apiRequest<{ creation: Creation }>(`/api/user/creations/${encodeURIComponent(String(creation.id))}`, { signal: controller.signal })
      .then((reply) => {
        if (reply.success && typeof reply.creation?.content === 'string') setFull(reply.creation.content);
        else toast.error(reply.message || 'Something went wrong');
      })
      .catch((thrown: unknown) => {
        if (!controller.signal.aborted) toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [needsFetch, creation.id]);

  return { content: full ?? creation.content, loading };
}

/** One past creation; clicking toggles the image or the markdown content below it. */
export function CreationCard({ creation, onChange }: { creation: Creation; onChange?: (change: CreationChange) => void }) {
  const [expanded, setExpanded] = useState(false);
  const full = useFullContent(creation, expanded);
  const kind = creationKind(creation.type);
  const theme = themes[kind];
  const label = creationTypeLabel(creation.type);
  const panelId = useId();
  const toggle = () => setExpanded((value) => !value);

  return (
    <li className={cn('rounded-2xl border bg-white transition', expanded ? 'border-slate-300 shadow-md' : 'border-slate-200/80 shadow-xs hover:border-slate-300')}>
      <div className="flex items-start gap-4 p-4">
        <span className={cn('hidden size-10 shrink-0 items-center justify-center rounded-xl ring-1 sm:flex', theme.tile)}>
          <theme.Icon className="size-5" aria-hidden="true" />
        </span>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          className="min-w-0 flex-1 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <span className="line-clamp-2 text-sm font-medium text-slate-900 wrap-anywhere">{creation.prompt}</span>
          <span className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-500">
            {/* On phones the type chip beside the prompt already shows the type, so the text stays
                for screen readers only; type and date never break inside ("Nov 21, / 2026"). */}
            <span className="sr-only sm:not-sr-only">
              <span className="whitespace-nowrap">{label}</span>
            </span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span className="mr-0.5 whitespace-nowrap">{formatCreationDate(creation.created_at ?? creation.createdAt ?? creation.date)}</span>
            {creation.source_id && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700 ring-1 ring-brand-100">Made from an earlier result</span>
            )}
            {creation.engine?.offline && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600 ring-1 ring-slate-200" title={creation.engine.label}>
                Offline engine
              </span>
            )}
          </span>
        </button>
        <button
          type="button"
          onClick={toggle}
          aria-hidden="true"
          tabIndex={-1}
          className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-3 py-1 text-xs font-medium ring-1 transition', theme.chip)}
        >
          {label}
          <ChevronDown className={cn('size-3.5 transition', expanded && 'rotate-180')} />
        </button>
      </div>
      {expanded && (
        <div id={panelId} className="border-t border-slate-100 p-4 animate-fade-in">
          {kind === 'image' ? (
            <img src={creation.content} alt={creation.prompt} className="mx-auto max-h-[28rem] w-full max-w-xl rounded-xl bg-slate-100 object-contain" />
          ) : (
            <div data-testid="creation-content" aria-busy={full.loading} className="max-h-80 overflow-y-auto rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100">
              <Markdown>{full.content}</Markdown>
              {full.loading && <p className="mt-2 text-xs text-slate-500">Loading the full text...</p>}
            </div>
          )}
          <CreationActions creation={creation} onChange={onChange} />
        </div>
      )}
    </li>
  );
}
