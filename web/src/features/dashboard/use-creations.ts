import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { apiRequest } from '../../lib/api-client.js';
import type { Creation, CreationCounts } from './creation-stats.js';

/** Items per page of the own list; the counters come from the server, not from the loaded pages. */
export const dashboardPageSize = 20;

type PageReply = { creations: Creation[]; nextCursor: string | null };

function pageUrl(cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(dashboardPageSize) });
  if (cursor) params.set('cursor', cursor);
  return `/api/user/get-user-creations?${params}`;
}

function failureMessage(thrown: unknown): string {
  return thrown instanceof Error && thrown.message ? thrown.message : 'Something went wrong';
}

/**
 * The signed-in user's creations, newest first, one page when the screen opens and more on
 * request; the dashboard's counters (total, this week) from /api/user/creation-stats.
 */
export function useUserCreations() {
  const [creations, setCreations] = useState<Creation[]>([]);
  const [counts, setCounts] = useState<CreationCounts | undefined>(undefined);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const firstPage = apiRequest<PageReply>(pageUrl(), { signal }).then((reply) => {
      if (reply.success) {
        setCreations(Array.isArray(reply.creations) ? reply.creations : []);
        setNextCursor(reply.nextCursor ?? null);
      } else {
        toast.error(reply.message || 'Something went wrong');
      }
    });
    // Without counters the screen counts the loaded list instead; no second error toast.
    const stats = apiRequest<CreationCounts>('/api/user/creation-stats', { signal })
      .then((reply) => {
        if (reply.success && typeof reply.total === 'number' && typeof reply.thisWeek === 'number') {
          setCounts({ total: reply.total, thisWeek: reply.thisWeek });
        }
      })
      .catch(() => undefined);
    Promise.all([firstPage, stats])
      .catch((thrown: unknown) => {
        if (!signal.aborted) toast.error(failureMessage(thrown));
      })
      .finally(() => {
        if (!signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const loadMore = useCallback(async () => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const reply = await apiRequest<PageReply>(pageUrl(nextCursor));
      if (reply.success) {
        const more = Array.isArray(reply.creations) ? reply.creations : [];
        setCreations((current) => {
          const seen = new Set(current.map((item) => item.id));
          return [...current, ...more.filter((item) => !seen.has(item.id))];
        });
        setNextCursor(reply.nextCursor ?? null);
      } else {
        toast.error(reply.message || 'Something went wrong');
      }
    } catch (thrown) {
      toast.error(failureMessage(thrown));
    } finally {
      setLoadingMore(false);
    }
  }, [nextCursor, loadingMore]);

  return { creations, counts, loading, loadingMore, hasMore: nextCursor !== null, loadMore };
}
