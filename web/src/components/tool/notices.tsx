import type { ReactNode } from 'react';
import { CheckCircle2, Info, TriangleAlert } from 'lucide-react';
import type { EngineInfo } from '../../lib/jobs.js';

/** The green banner shown above a fresh result. */
export function SuccessBanner({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="mb-4 flex items-start gap-2.5 rounded-xl border border-emerald-200 bg-emerald-50 px-3.5 py-2.5 text-sm font-medium text-emerald-800">
      <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">{children}</span>
    </div>
  );
}

/** Says plainly when a result came from an offline engine rather than an AI model. */
export function EngineNotice({ engine, note }: { engine: EngineInfo | null | undefined; note?: string }) {
  if (!engine?.offline) return null;
  return (
    <div className="mb-4 flex items-start gap-2.5 rounded-xl border border-sky-200 bg-sky-50 px-3.5 py-2.5 text-sm text-sky-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        <span className="font-medium">{engine.label.replace(/\.$/, "")}.</span>
        {note ? <> {note}</> : null}
      </p>
    </div>
  );
}

/** A configuration or availability warning shown inside a form. */
export function WarningNotice({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <div id={id} role="note" className="mb-5 flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <div className="mt-0.5 break-words">{children}</div>
      </div>
    </div>
  );
}

/** Shown when the served config says no engine serves this tool on this server. */
export function EngineMissingNotice({ id, toolName }: { id?: string; toolName: string }) {
  return (
    <WarningNotice id={id} title={`${toolName} is not set up on this server`}>
      No engine is configured for this tool yet, so it cannot run here. Ask the administrator to enable it.
    </WarningNotice>
  );
}
