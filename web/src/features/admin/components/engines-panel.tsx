import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Download, Trash2 } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { ProgressTrack } from '../../../components/progress-track.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useApiData } from '../../../lib/use-api-data.js';
import { AdminPanel } from './panel.js';

export type InstallableEngine = {
  name: string;
  label: string;
  description: string;
  approxSize: string;
  checksum: 'pinned' | 'announced';
  state: 'available' | 'downloading' | 'installed' | 'failed';
  received: number;
  total: number | null;
  sha256: string | null;
  error: string | null;
  inUse: boolean;
};
type BundledEngine = { label: string; tool: string; bytes: number | null };

/** How often the panel asks for progress while a download runs. */
const PROGRESS_POLL_MS = 1000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

function EngineRow({ engine, onChanged }: { engine: InstallableEngine; onChanged: () => void }) {
  async function send(method: 'POST' | 'DELETE') {
    const path = method === 'POST' ? `/api/admin/engines/${engine.name}/install` : `/api/admin/engines/${engine.name}`;
    const reply = await apiRequest(path, { method });
    if (!reply.success) toast.error(reply.message || 'Something went wrong');
    else toast.success(reply.message || 'Done');
    onChanged();
  }
  const percent = engine.total ? Math.floor((100 * engine.received) / engine.total) : 0;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-800">
            {engine.label} <span className="font-normal text-slate-500">· object removal · {engine.approxSize}</span>
            {engine.inUse ? <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">In use</span> : null}
          </p>
          <p className="text-sm text-slate-600">{engine.description}</p>
          <p className="text-xs text-slate-500">
            {engine.checksum === 'pinned' ? 'Checked against the SHA-256 pinned in Craftwell.' : 'Checked against the SHA-256 Hugging Face announces for the file.'}
            {engine.state === 'installed' && engine.sha256 ? <> Installed: <code className="break-all">{engine.sha256}</code></> : null}
          </p>
        </div>
        {engine.state === 'installed' || engine.state === 'downloading' ? (
          <Button size="sm" variant="ghost" icon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => void send('DELETE')} aria-label={`${engine.state === 'downloading' ? 'Stop installing' : 'Remove'} ${engine.label}`}>
            {engine.state === 'downloading' ? 'Stop' : 'Remove'}
          </Button>
        ) : (
          <Button size="sm" icon={<Download className="size-4" aria-hidden="true" />} onClick={() => void send('POST')} aria-label={`Install ${engine.label}`}>
            Install
          </Button>
        )}
      </div>
      {engine.state === 'downloading' ? (
        <div className="mt-2 space-y-1">
          <ProgressTrack percent={percent} label={`Installing ${engine.label}`} valueText={`${percent}%`} minPercent={1} />
          <p className="text-xs text-slate-500">
            {megabytes(engine.received)}{engine.total ? ` of ${megabytes(engine.total)}` : ''}
          </p>
        </div>
      ) : null}
      {engine.state === 'failed' && engine.error ? <p role="alert" className="mt-1 text-sm text-rose-700">{engine.error}</p> : null}
    </li>
  );
}

/**
 * Engines: what ships with the app, and the optional learned fill models for object removal an
 * administrator can install (fixed addresses, checksum-checked, used from the next job).
 */
export function EnginesPanel({ onChanged }: { onChanged: () => void }) {
  const { data, error, loading, reload } = useApiData<{ installable: InstallableEngine[]; bundled: BundledEngine[] }>('/api/admin/engines');
  const installable = data?.installable ?? [];
  const downloading = installable.some((e) => e.state === 'downloading');

  useEffect(() => {
    if (!downloading) return;
    const timer = setTimeout(reload, PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [downloading, data, reload]);

  const changed = () => { reload(); onChanged(); };
  return (
    <AdminPanel
      title="Engines"
      description="What runs the tools on this server. Object removal fills with a built-in patch fill; an installed model (LaMa, or the smaller MI-GAN) fills large holes far better and is used from the next job. Nothing downloads unless you install it here."
      loading={loading && !data}
      error={error}
      onRefresh={reload}
    >
      <ul className="divide-y divide-slate-100 text-sm">
        {installable.map((engine) => <EngineRow key={engine.name} engine={engine} onChanged={changed} />)}
      </ul>
      {data?.bundled?.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">Built in</h3>
          <ul className="mt-1 divide-y divide-slate-100 text-sm text-slate-600">
            {data.bundled.map((b) => (
              <li key={b.label} className="flex justify-between gap-2 py-1.5">
                <span className="min-w-0">{b.label}</span>
                <span className="shrink-0 text-slate-500">{b.bytes === null ? 'size unknown' : b.bytes === 0 ? 'no model file' : megabytes(b.bytes)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </AdminPanel>
  );
}
