import { useState } from 'react';
import toast from 'react-hot-toast';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/button.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { apiRequest } from '../../lib/api-client.js';
import { formatDateTime } from '../../lib/format-date-time.js';
import { useApiData } from '../../lib/use-api-data.js';
import { SettingsSection } from '../account/components/settings-section.js';

type ListedLink = { id: string; creationType: string; creationPrompt: string; expiresAt: string | null; expired: boolean; hasPassword: boolean; createdAt: string };

/** The account's share links that are not revoked, each with Revoke. */
export function ShareLinksSection() {
  const { data, error, reload } = useApiData<{ links: ListedLink[] }>('/api/share-links');
  const [revoking, setRevoking] = useState<ListedLink | null>(null);
  const [busy, setBusy] = useState(false);

  async function revoke(link: ListedLink) {
    setBusy(true);
    try {
      const reply = await apiRequest(`/api/share-links/${link.id}`, { method: 'DELETE' });
      if (!reply.success) return void toast.error(reply.message || 'Could not revoke the link.');
      toast.success(reply.message || 'Share link revoked');
      setRevoking(null);
      reload();
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  const links = data?.links ?? [];
  return (
    <SettingsSection title="Share links" description="Links that show one of your creations to anyone who has them. Create them from a creation on your dashboard.">
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {links.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{link.creationPrompt}</p>
                <p className="text-xs text-slate-500">
                  created {formatDateTime(link.createdAt)} · {link.expired ? 'expired' : link.expiresAt ? `expires ${formatDateTime(link.expiresAt)}` : 'no expiry'}
                  {link.hasPassword ? ' · password' : ''}
                </p>
              </div>
              <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50" icon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => setRevoking(link)} aria-label={`Revoke the link to ${link.creationPrompt}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No share links yet.</p>
      )}
      <ConfirmDialog open={revoking !== null} title="Revoke this share link?" confirmLabel="Revoke link" busy={busy} onClose={() => setRevoking(null)} onConfirm={() => revoking && void revoke(revoking)}>
        Anyone opening it sees that it has been revoked, at once.
      </ConfirmDialog>
    </SettingsSection>
  );
}
