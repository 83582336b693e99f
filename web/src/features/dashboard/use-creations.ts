import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { apiRequest } from '../../lib/api-client.js';
import type { Creation } from './creation-stats.js';

/** The signed-in user's creations, fetched once when the screen opens. */
export function useUserCreations(): { creations: Creation[]; loading: boolean } {
  const [creations, setCreations] = useState<Creation[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<{ creations: Creation[] }>('/api/user/get-user-creations', { signal: controller.signal })
      .then((reply) => {
        if (reply.success) setCreations(Array.isArray(reply.creations) ? reply.creations : []);
        else toast.error(reply.message || 'Something went wrong');
      })
      .catch((thrown: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  return { creations, loading };
}
