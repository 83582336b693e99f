import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client.js';
import type { ToolKey } from '../../lib/app-config.js';

export interface ToolQuota {
  plan: 'free' | 'premium' | string;
  used: number;
  /** Uses held by jobs still running (they count against the limit until they end). */
  reserved?: number;
  /** null = unlimited */
  limit: number | null;
}

interface UsageReply {
  plan: string;
  period: string;
  tools: Partial<Record<ToolKey, { used: number; reserved?: number; limit: number | null }>>;
}

/** Remaining runs of one tool this month (GET /api/user/usage); null until known or if unavailable. */
export function useToolQuota(tool: ToolKey): { quota: ToolQuota | null; refresh: () => void } {
  const [quota, setQuota] = useState<ToolQuota | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<UsageReply>('/api/user/usage', { signal: controller.signal })
      .then((reply) => {
        const entry = reply.success ? reply.tools?.[tool] : undefined;
        setQuota(entry ? { plan: reply.plan ?? 'free', used: entry.used, reserved: entry.reserved ?? 0, limit: entry.limit } : null);
      })
      // The hint is a convenience: when usage cannot be read the screen simply shows none.
      .catch(() => {
        if (!controller.signal.aborted) setQuota(null);
      });
    return () => controller.abort();
  }, [tool, version]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return { quota, refresh };
}

/** "7 of 10 left this month", or the unlimited wording for plans without a limit. */
export function quotaText(quota: ToolQuota): string {
  if (quota.limit === null) return quota.plan === 'premium' ? 'Unlimited on Premium' : 'Unlimited';
  const reserved = quota.reserved ?? 0;
  const left = Math.max(0, quota.limit - quota.used - reserved);
  return `${left} of ${quota.limit} left this month${reserved > 0 ? ` (${reserved} running)` : ''}`;
}

export function quotaExhausted(quota: ToolQuota | null): boolean {
  return quota !== null && quota.limit !== null && quota.used + (quota.reserved ?? 0) >= quota.limit;
}
