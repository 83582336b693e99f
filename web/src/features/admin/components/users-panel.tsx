import { useState } from 'react';
import { Badge } from '../../../components/badge.js';
import { Button } from '../../../components/button.js';
import { inputClasses } from '../../../components/field.js';
import { useApiData } from '../../../lib/use-api-data.js';
import { TOOL_LABELS, runAdminAction } from '../admin-actions.js';
import { AdminPanel } from './panel.js';

export type AdminUser = {
  id: string;
  name: string;
  email: string;
  plan: 'free' | 'premium';
  is_admin: boolean;
  disabled_at: string | null;
  creations: number;
  usage: Record<string, number>;
};

/** Every account: plan (changeable), this month's usage per tool, and disable / enable. */
export function UsersPanel({ currentUserId, onChanged }: { currentUserId: string; onChanged: () => void }) {
  const [search, setSearch] = useState('');
  const { data, error, loading, reload } = useApiData<{ users: AdminUser[]; total: number; period: string }>(`/api/admin/users?search=${encodeURIComponent(search)}`);
  const [busy, setBusy] = useState<string | null>(null);

  async function act(id: string, path: string, json: unknown) {
    setBusy(id);
    if (await runAdminAction(path, json)) {
      reload();
      onChanged();
    }
    setBusy(null);
  }

  const users = data?.users ?? [];
  return (
    <AdminPanel title="Users" description={data?.period ? `Plan and usage per tool in ${data.period}` : undefined} loading={loading && !data} error={error} onRefresh={reload}>
      <input type="search" aria-label="Search users" placeholder="Search by name or e-mail" value={search} onChange={(e) => setSearch(e.target.value)} className={`${inputClasses} mb-4 max-w-sm`} />
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="py-2 pr-3 font-medium">User</th>
              <th className="py-2 pr-3 font-medium">Plan</th>
              <th className="py-2 pr-3 font-medium">Usage this month</th>
              <th className="py-2 pr-3 font-medium">Status</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id} data-testid={`admin-user-${user.email}`}>
                <td className="py-3 pr-3">
                  <p className="font-medium text-slate-900">
                    {user.name} {user.is_admin ? <Badge tone="brand">Admin</Badge> : null}
                  </p>
                  <p className="text-xs text-slate-500">{user.email}</p>
                </td>
                <td className="py-3 pr-3">
                  <select
                    aria-label={`Plan of ${user.name}`}
                    value={user.plan}
                    disabled={busy === user.id}
                    onChange={(e) => void act(user.id, `/api/admin/users/${user.id}/plan`, { plan: e.target.value })}
                    className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
                  >
                    <option value="free">Free</option>
                    <option value="premium">Premium</option>
                  </select>
                </td>
                <td className="py-3 pr-3">
                  <div className="flex flex-wrap gap-1">
                    {Object.entries(user.usage).length === 0 ? <span className="text-xs text-slate-400">None</span> : null}
                    {Object.entries(user.usage).map(([tool, used]) => (
                      <span key={tool} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                        {TOOL_LABELS[tool] ?? tool}: {used}
                      </span>
                    ))}
                  </div>
                </td>
                <td className="py-3 pr-3">{user.disabled_at ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}</td>
                <td className="py-3 text-right">
                  {user.id === currentUserId ? null : (
                    <Button
                      size="sm"
                      variant={user.disabled_at ? 'secondary' : 'outline'}
                      loading={busy === user.id}
                      onClick={() => void act(user.id, `/api/admin/users/${user.id}/disabled`, { disabled: !user.disabled_at })}
                      aria-label={`${user.disabled_at ? 'Enable' : 'Disable'} ${user.name}`}
                    >
                      {user.disabled_at ? 'Enable' : 'Disable'}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-slate-500">{data?.total ?? 0} accounts</p>
    </AdminPanel>
  );
}
