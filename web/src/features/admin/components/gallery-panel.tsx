import { useState } from 'react';
import { EyeOff } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { useApiData } from '../../../lib/use-api-data.js';
import { runAdminAction } from '../admin-actions.js';
import { AdminPanel } from './panel.js';

type PublishedItem = { id: string; prompt: string; content: string; user_name: string; likes: number; created_at: string };

/** The community gallery's published items, each with an unpublish button. */
export function GalleryPanel({ onChanged }: { onChanged: () => void }) {
  const { data, error, loading, reload } = useApiData<{ items: PublishedItem[]; total: number }>('/api/admin/gallery?limit=60');
  const [busy, setBusy] = useState<string | null>(null);
  const items = data?.items ?? [];

  async function unpublish(id: string) {
    setBusy(id);
    if (await runAdminAction(`/api/admin/creations/${id}/unpublish`)) {
      reload();
      onChanged();
    }
    setBusy(null);
  }

  return (
    <AdminPanel title="Gallery" description={`${data?.total ?? 0} published`} loading={loading && !data} error={error} onRefresh={reload}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing is published.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-xl border border-slate-200">
              <img src={item.content} alt={item.prompt} loading="lazy" className="aspect-square w-full bg-slate-100 object-cover" />
              <div className="space-y-2 p-2">
                <p className="line-clamp-2 text-xs text-slate-700">{item.prompt}</p>
                <p className="text-xs text-slate-500">
                  {item.user_name} · {item.likes} like{item.likes === 1 ? '' : 's'}
                </p>
                <Button size="sm" variant="outline" className="w-full" loading={busy === item.id} icon={<EyeOff className="size-4" aria-hidden="true" />} onClick={() => void unpublish(item.id)} aria-label={`Unpublish ${item.prompt}`}>
                  Unpublish
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
