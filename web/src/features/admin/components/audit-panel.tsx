import { useApiData } from '../../../lib/use-api-data.js';
import { formatDateTime } from '../../../lib/format-date-time.js';
import { AdminPanel } from './panel.js';

type AuditEntry = {
  id: number;
  action: string;
  actor_name: string | null;
  actor_email: string | null;
  target_name: string | null;
  target: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
};

const ACTION_LABELS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-up': 'Created an account',
  'plan-changed': 'Changed the plan of',
  'account-disabled': 'Disabled',
  'account-enabled': 'Enabled',
  'creation-unpublished': 'Unpublished a creation of',
  'invite-created': 'Created an invite link',
  'invite-revoked': 'Revoked an invite link',
  'engine-install-started': 'Started installing an engine',
  'engine-removed': 'Removed an engine',
  'admin-claimed': 'Became administrator with the setup code',
};

function describe(entry: AuditEntry): string {
  const label = ACTION_LABELS[entry.action] ?? entry.action;
  const target = entry.target_name ? ` ${entry.target_name}` : '';
  const plan = entry.action === 'plan-changed' && entry.detail?.plan ? ` to ${String(entry.detail.plan)}` : '';
  return `${label}${target}${plan}`;
}

/** Administrator actions and sign-ins: who, what, when and from where. */
export function AuditPanel({ refreshKey }: { refreshKey: number }) {
  const { data, error, loading, reload } = useApiData<{ entries: AuditEntry[] }>('/api/admin/audit?limit=100', refreshKey);
  return (
    <AdminPanel title="Audit log" description="Administrator actions and sign-ins" loading={loading && !data} error={error} onRefresh={reload}>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="py-2 pr-3 font-medium">When</th>
              <th className="py-2 pr-3 font-medium">Who</th>
              <th className="py-2 pr-3 font-medium">What</th>
              <th className="py-2 font-medium">From</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(data?.entries ?? []).map((entry) => (
              <tr key={entry.id}>
                <td className="py-2 pr-3 whitespace-nowrap text-slate-600">{formatDateTime(entry.created_at)}</td>
                <td className="py-2 pr-3">
                  <p className="font-medium text-slate-900">{entry.actor_name ?? 'Deleted account'}</p>
                  <p className="text-xs text-slate-500">{entry.actor_email}</p>
                </td>
                <td className="py-2 pr-3 text-slate-700">{describe(entry)}</td>
                <td className="py-2 text-xs text-slate-500">
                  <p>{entry.ip}</p>
                  <p className="line-clamp-1 max-w-[16rem]" title={entry.user_agent ?? undefined}>
                    {entry.user_agent}
                  </p>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminPanel>
  );
}
