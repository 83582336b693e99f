import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { apiRequest } from '../../lib/api-client.js';

export type PublishedCreation = {
  id: string | number;
  prompt: string;
  content?: string | null;
  likes: string[] | string | null;
  created_at?: string;
  user_id?: string;
};

type GalleryReply = { creations: PublishedCreation[]; nextCursor: string | null };

export const galleryPageSize = 24;
/** The server's largest page: a re-fetch after a like reloads at most this many items. */
const galleryMaxPage = 100;

function galleryUrl(limit: number, cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `/api/user/get-published-creations?${params}`;
}

/**
 * Published creations, fetched once a signed-in user exists. A like toggle re-fetches the
 * whole list (as many items as are loaded); any failed fetch empties the list
 * rather than show a stale one.
 */
export function useGallery(enabled: boolean) {
  const [creations, setCreations] = useState<PublishedCreation[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [pendingLike, setPendingLike] = useState<PublishedCreation['id'] | null>(null);
  const loadedCount = useRef(0);

  const fail = useCallback((message: string) => {
    setCreations([]);
    setNextCursor(null);
    loadedCount.current = 0;
    toast.error(message);
  }, []);

  const fetchList = useCallback(async () => {
    try {
      const reply = await apiRequest<GalleryReply>(galleryUrl(Math.min(galleryMaxPage, Math.max(galleryPageSize, loadedCount.current))));
      if (reply.success) {
        const list = Array.isArray(reply.creations) ? reply.creations : [];
        setCreations(list);
        setNextCursor(reply.nextCursor ?? null);
        loadedCount.current = list.length;
      } else {
        fail(reply.message || 'Failed to fetch creations');
      }
    } catch (thrown) {
      fail(thrown instanceof Error && thrown.message ? thrown.message : 'Something went wrong');
    } finally {
      setLoading(false);
    }
  }, [fail]);

  useEffect(() => {
    if (enabled) void fetchList();
  }, [enabled, fetchList]);

  const loadMore = useCallback(async () => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const reply = await apiRequest<GalleryReply>(galleryUrl(galleryPageSize, nextCursor));
      if (reply.success) {
        const more = Array.isArray(reply.creations) ? reply.creations : [];
        setCreations((current) => {
          const seen = new Set(current.map((item) => item.id));
          const merged = [...current, ...more.filter((item) => !seen.has(item.id))];
          loadedCount.current = merged.length;
          return merged;
        });
        setNextCursor(reply.nextCursor ?? null);
      } else {
        fail(reply.message || 'Failed to fetch creations');
      }
    } catch (thrown) {
      fail(thrown instanceof Error && thrown.message ? thrown.message : 'Something went wrong');
    } finally {
      setLoadingMore(false);
    }
  }, [nextCursor, loadingMore, fail]);

  const toggleLike = useCallback(
    async (id: PublishedCreation['id']) => {
      setPendingLike(id);
      try {
        const reply = await apiRequest('/api/user/toggle-like-creation', { method: 'POST', json: { id } });
        if (reply.success) {
          if (reply.message) toast.success(reply.message);
          await fetchList();
        } else {
          toast.error(reply.message || 'Something went wrong');
        }
      } catch (thrown) {
        toast.error(thrown instanceof Error && thrown.message ? thrown.message : 'Something went wrong');
      } finally {
        setPendingLike(null);
      }
    },
    [fetchList],
  );

  return { creations, loading, loadingMore, hasMore: nextCursor !== null, loadMore, toggleLike, pendingLike };
}
