import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Copy, Link2 } from 'lucide-react';
import { Button } from '../../components/button.js';
import { Dialog } from '../../components/dialog.js';
import { TextField, inputClasses } from '../../components/field.js';
import { copyText } from '../../components/tool/file-actions.js';
import { apiRequest } from '../../lib/api-client.js';

export type ShareLink = { id: string; url: string; expiresAt: string | null; hasPassword: boolean; createdAt: string };

const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
] as const;

/** Creates a share link for one creation: expiry and optional password, then the link to copy (shown once). */
export function ShareDialog({ creationId, open, onClose }: { creationId: string; open: boolean; onClose: () => void }) {
  const expiryId = useId();
  const [expiry, setExpiry] = useState('7');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<ShareLink | null>(null);

  function close() {
    setLink(null);
    setPassword('');
    setError(null);
    onClose();
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await apiRequest<{ content: ShareLink }>(`/api/creations/${creationId}/share-links`, {
        json: { ...(expiry ? { expiresInDays: Number(expiry) } : {}), ...(password ? { password } : {}) },
      });
      if (!reply.success || !reply.content) return void setError(reply.message || 'Could not create the link.');
      setLink(reply.content);
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={close} title="Share link" description="Anyone with the link can see this creation, read-only. You can revoke it at any time under Account settings.">
      {link ? (
        <div role="status" className="space-y-3">
          <p className="text-sm font-medium text-slate-900">Copy your link now. It is shown only once.</p>
          <code data-testid="share-link-url" className="block rounded-lg bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-slate-200">
            {link.url}
          </code>
          <p className="text-xs text-slate-500">
            {link.expiresAt ? `Expires ${new Date(link.expiresAt).toLocaleString()}` : 'Does not expire'}
            {link.hasPassword ? ' · password protected' : ''}
          </p>
          <div className="flex gap-2">
            <Button size="sm" icon={<Copy className="size-4" aria-hidden="true" />} onClick={() => void copyText(link.url).then((ok) => (ok ? toast.success('Link copied') : toast.error('Failed to copy to clipboard')))}>
              Copy link
            </Button>
            <Button size="sm" variant="secondary" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={create} className="space-y-4">
          <div>
            <label htmlFor={expiryId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Expires
            </label>
            <select id={expiryId} className={inputClasses} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Password (optional)" type="password" autoComplete="new-password" maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} hint="Whoever opens the link must type it." />
          {error ? (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
              {error}
            </p>
          ) : null}
          <Button type="submit" loading={busy} icon={<Link2 className="size-4" aria-hidden="true" />}>
            Create link
          </Button>
        </form>
      )}
    </Dialog>
  );
}
