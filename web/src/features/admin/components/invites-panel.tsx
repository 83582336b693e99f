import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link2, Trash2 } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useApiData } from '../../../lib/use-api-data.js';
import { AdminPanel } from './panel.js';

type Invite = { id: string; note: string; created_at: string; expires_at: string; used_at: string | null; used_by_email: string | null };

function state(invite: Invite): string {
  if (invite.used_at) return `used by ${invite.used_by_email ?? 'a deleted account'}`;
  return new Date(invite.expires_at).getTime() < Date.now() ? 'expired' : `valid until ${new Date(invite.expires_at).toLocaleDateString()}`;
}

/** Invite links for SIGNUP_MODE=invite: each signs up one person; the link is shown once. */
export function InvitesPanel({ onChanged }: { onChanged: () => void }) {
  const { data, error, loading, reload } = useApiData<{ invites: Invite[] }>('/api/admin/invites');
  const [note, setNote] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    const reply = await apiRequest<{ path: string }>('/api/admin/invites', { method: 'POST', json: { note } });
    setBusy(false);
    if (!reply.success || !reply.path) return void toast.error(reply.message || 'Could not create the invite link.');
    setLink(`${window.location.origin}${reply.path}`);
    setNote('');
    reload();
    onChanged();
  }

  async function revoke(id: string) {
    const reply = await apiRequest(`/api/admin/invites/${id}`, { method: 'DELETE' });
    if (!reply.success) return void toast.error(reply.message || 'Could not revoke the invite.');
    toast.success(reply.message || 'Invite revoked');
    reload();
    onChanged();
  }

  const invites = data?.invites ?? [];
  return (
    <AdminPanel title="Invite links" description="With SIGNUP_MODE=invite, a person signs up only with a link from here (one sign-up each, valid 7 days)." loading={loading && !data} error={error} onRefresh={reload}>
      <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); void create(); }}>
        <label className="flex min-w-0 flex-1 flex-col text-sm text-slate-700">
          Note (who it is for)
          <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} className="mt-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm" />
        </label>
        <Button size="sm" type="submit" loading={busy} icon={<Link2 className="size-4" aria-hidden="true" />}>Create invite link</Button>
      </form>
      {link ? (
        <p role="status" className="mt-3 break-all rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200">
          Copy it now, it is shown only once: <code>{link}</code>
        </p>
      ) : null}
      {invites.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No invite links yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {invites.map((invite) => (
            <li key={invite.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 truncate text-slate-700">{invite.note || 'Invite'} · <span className="text-slate-500">{state(invite)}</span></span>
              {invite.used_at ? null : (
                <Button size="sm" variant="ghost" icon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => void revoke(invite.id)} aria-label={`Revoke ${invite.note || 'invite'}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
