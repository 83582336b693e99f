import { useCallback, useEffect, useState } from 'react';
import { apiRequest, type ApiReply } from './api-client.js';

export type ApiData<T> = { data: (ApiReply<T> & { status: number }) | null; error: string | null; loading: boolean; reload: () => void };

/**
 * GETs `path` when the screen opens, on reload, and whenever `refreshKey` changes (another part
 * of the screen changed what this one shows); the reply, or the message to show.
 */
export function useApiData<T>(path: string, refreshKey = 0): ApiData<T> {
  const [data, setData] = useState<(ApiReply<T> & { status: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    apiRequest<T>(path, { signal: controller.signal })
      .then((reply) => {
        setData(reply);
        setError(reply.success ? null : reply.message || 'Something went wrong');
      })
      .catch((thrown: unknown) => {
        if (!controller.signal.aborted) setError(thrown instanceof Error ? thrown.message : 'Something went wrong');
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, round, refreshKey]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, loading, reload };
}
