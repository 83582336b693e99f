import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { paths } from '../../../config/paths.js';
import { Copy, KeyRound } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { RevocableList } from '../../../components/revocable-list.js';
import { TextField } from '../../../components/field.js';
import { apiRequest } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format-date-time.js';
import { useApiData } from '../../../lib/use-api-data.js';
import { copyText } from '../../../components/tool/file-actions.js';
import { SettingsSection } from './settings-section.js';

type ApiKey = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null; scopes?: string[]; expires_at?: string | null };

/** What a key may do (the api's scopes); admin is offered to administrators only. */
const SCOPES = [
  { id: 'read', label: 'Read (lists, usage, downloads)' },
  { id: 'tools', label: 'Tools (run tools, publish, delete creations)' },
  { id: 'admin', label: 'Admin (the administrator api)' },
] as const;
const EXPIRY_DAYS = [{ days: 0, label: 'Never expires' }, { days: 30, label: '30 days' }, { days: 90, label: '90 days' }, { days: 365, label: '1 year' }];

/** Personal API keys: create (shown once), list and revoke. */
export function ApiKeysSection({ isAdmin = false }: { isAdmin?: boolean }) {
  const { data, error, reload } = useApiData<{ keys: ApiKey[] }>('/api/api-keys');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['read', 'tools']);
  const [expiresInDays, setExpiresInDays] = useState(0);
  const [creating, setCreating] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setCreating(true);
    try {
      const reply = await apiRequest<{ key: string }>('/api/api-keys', { json: { name, scopes, ...(expiresInDays ? { expiresInDays } : {}) } });
      if (!reply.success || !reply.key) return void toast.error(reply.message || 'Could not create the key.');
      setNewKey(reply.key);
      setName('');
      reload();
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setCreating(false);
    }
  }

  const keys = data?.keys ?? [];
  return (
    <SettingsSection title="API keys" description="Let a script call the tools as you, with the header Authorization: Bearer cw_…. Anyone holding a key can do what its scopes allow as you: keep it secret. Changing your password revokes every key.">
      <Link to={paths.apiDocs} className="mb-4 inline-block text-sm font-medium text-brand-700 underline">
        API reference
      </Link>
      <form onSubmit={create} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField label="Key name" placeholder="e.g. nightly export" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} wrapperClassName="flex-1" />
        <label className="flex flex-col text-sm text-slate-700">
          Expires
          <select value={expiresInDays} onChange={(e) => setExpiresInDays(Number(e.target.value))} className="mt-1 rounded-lg border border-slate-300 px-2 py-2 text-sm">
            {EXPIRY_DAYS.map((o) => <option key={o.days} value={o.days}>{o.label}</option>)}
          </select>
        </label>
        <Button type="submit" variant="secondary" loading={creating} disabled={!name.trim() || scopes.length === 0} icon={<KeyRound className="size-4" aria-hidden="true" />}>
          Create key
        </Button>
      </form>
      <fieldset className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <legend className="sr-only">What the key may do</legend>
        {SCOPES.filter((scope) => scope.id !== 'admin' || isAdmin).map((scope) => (
          <label key={scope.id} className="inline-flex items-center gap-1.5">
            <input type="checkbox" checked={scopes.includes(scope.id)} onChange={(e) => setScopes((now) => (e.target.checked ? [...now, scope.id] : now.filter((s) => s !== scope.id)))} />
            {scope.label}
          </label>
        ))}
      </fieldset>
      {newKey ? (
        <div role="status" className="mt-4 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
          <p className="text-sm font-medium text-amber-900">Copy your new key now. It is shown only once.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code data-testid="new-api-key" className="rounded-lg bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">
              {newKey}
            </code>
            <Button size="sm" variant="secondary" icon={<Copy className="size-4" aria-hidden="true" />} onClick={() => void copyText(newKey).then((ok) => (ok ? toast.success('API key copied') : toast.error('Failed to copy to clipboard')))}>
              Copy key
            </Button>
          </div>
        </div>
      ) : null}
      {error ? <p className="mt-4 text-sm text-red-700">{error}</p> : null}
      <RevocableList
        className="mt-4"
        items={keys}
        noun="API key"
        emptyText="No API keys yet."
        nameOf={(key) => key.name}
        detailOf={(key) => (
          <>
            <span className="font-mono">{key.prefix}…</span> · created {formatDateTime(key.created_at)} · {key.last_used_at ? `last used ${formatDateTime(key.last_used_at)}` : 'never used'}
            {key.scopes ? ` · ${key.scopes.join(', ')}` : ''}{key.expires_at ? ` · expires ${formatDateTime(key.expires_at)}` : ''}
          </>
        )}
        pathOf={(key) => `/api/api-keys/${key.id}`}
        consequence={(key) => `Scripts using “${key.name}” stop working at once.`}
        onRevoked={reload}
      />
    </SettingsSection>
  );
}
