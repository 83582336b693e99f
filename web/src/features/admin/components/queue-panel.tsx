import { useApiData } from '../../../lib/use-api-data.js';
import { formatDateTime } from '../../../lib/format-date-time.js';
import { AdminPanel } from './panel.js';

type QueueCounts = { queue: string; waiting: number; active: number; failed: number; delayed: number; completed: number };
type FailedJob = { id: string; queue: string; name: string; status: number; message: string; failedAt: string | null; attemptsMade: number };

/** Jobs waiting, running and failed per queue, and the latest failures with their codes. */
export function QueuePanel() {
  const { data, error, loading, reload } = useApiData<{ kind: string; queues: QueueCounts[]; failed: FailedJob[] }>('/api/admin/queue');
  const failed = data?.failed ?? [];
  return (
    <AdminPanel
      title="Queue"
      description={data?.kind === 'in-process' ? 'In-process queue: jobs of this server only, recent ones' : 'BullMQ on Redis: every worker'}
      loading={loading && !data}
      error={error}
      onRefresh={reload}
    >
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead className="text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              {['Queue', 'Waiting', 'Active', 'Delayed', 'Failed', 'Completed'].map((h) => (
                <th key={h} className="py-2 pr-3 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(data?.queues ?? []).map((q) => (
              <tr key={q.queue} data-testid={`queue-${q.queue}`}>
                <td className="py-2 pr-3 font-medium text-slate-900">{q.queue}</td>
                <td className="py-2 pr-3">{q.waiting}</td>
                <td className="py-2 pr-3">{q.active}</td>
                <td className="py-2 pr-3">{q.delayed}</td>
                <td className="py-2 pr-3">{q.failed}</td>
                <td className="py-2 pr-3">{q.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Latest failures</h3>
      {failed.length === 0 ? (
        <p className="text-sm text-slate-500">No failed jobs.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {failed.map((job) => (
            <li key={`${job.queue}-${job.id}`} className="py-2">
              <p className="flex flex-wrap items-center gap-2">
                <span className="rounded bg-red-50 px-1.5 py-0.5 font-mono text-xs text-red-700 ring-1 ring-red-200">{job.status}</span>
                <span className="font-medium text-slate-900">{job.name}</span>
                <span className="text-xs text-slate-500">
                  {job.queue} · {job.attemptsMade} attempt{job.attemptsMade === 1 ? '' : 's'} {job.failedAt ? `· ${formatDateTime(job.failedAt)}` : ''}
                </span>
              </p>
              <p className="mt-0.5 text-slate-600 wrap-anywhere">{job.message}</p>
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
