import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { Card } from '../../../components/card.js';
import { LoadingState } from '../../../components/spinner.js';

/** A titled admin block with a refresh button and its loading and error states. */
export function AdminPanel(props: { title: string; description?: string; loading: boolean; error: string | null; onRefresh: () => void; children: ReactNode }) {
  return (
    <Card className="min-w-0 overflow-hidden" role="region" aria-label={props.title}>
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{props.title}</h2>
          {props.description ? <p className="mt-0.5 text-sm text-slate-500">{props.description}</p> : null}
        </div>
        <Button size="sm" variant="ghost" icon={<RefreshCw className="size-4" aria-hidden="true" />} onClick={props.onRefresh} aria-label={`Refresh ${props.title.toLowerCase()}`}>
          <span className="hidden sm:inline">Refresh</span>
        </Button>
      </div>
      <div className="p-4 sm:p-5">
        {props.error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
            {props.error}
          </p>
        ) : props.loading ? (
          <LoadingState text="Loading..." />
        ) : (
          props.children
        )}
      </div>
    </Card>
  );
}
