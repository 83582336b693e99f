import { Link } from 'react-router-dom';
import { Gauge, Sparkles } from 'lucide-react';
import { quotaExhausted, quotaText, type ToolQuota } from './use-tool-quota.js';

/** Remaining runs near a submit button, and an upgrade message once the limit is reached. */
export function QuotaHint({ quota, limitReached }: { quota: ToolQuota | null; limitReached: boolean }) {
  if (limitReached || quotaExhausted(quota)) {
    return (
      <div role="alert" className="mt-3 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
        <p className="font-semibold">You have used this month's runs of this tool.</p>
        <p className="mt-0.5">
          Upgrade to Premium to keep creating now, or wait for next month's allowance.{' '}
          <Link to="/pricing" className="inline-flex items-center gap-1 font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700">
            <Sparkles className="size-3.5" aria-hidden="true" />
            See plans
          </Link>
        </p>
      </div>
    );
  }
  if (!quota) return null;
  return (
    <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-slate-500">
      <Gauge className="size-3.5" aria-hidden="true" />
      {quotaText(quota)}
    </p>
  );
}
