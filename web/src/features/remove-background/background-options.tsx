import { useState } from 'react';
import toast from 'react-hot-toast';
import { Download, ImageIcon } from 'lucide-react';
import { Button } from '../../components/button.js';
import { apiRequest } from '../../lib/api-client.js';
import { downloadFromApi } from '../../lib/api-download.js';

type Behind = 'transparent' | 'colour' | 'image';

/**
 * After a background removal: a colour or a picture behind the subject, cropping to the subject,
 * a square canvas and a size, or the mask alone — done by the api from the cut-out's transparency. A result the server saved
 * (`creationId`) is named as the step's source: the step is saved as a new creation linked to it
 * and shown here. Without one, the cut-out is sent and the step comes back as a download.
 */
export function BackgroundOptions({ resultUrl, creationId }: { resultUrl: string; creationId?: string }) {
  const [behind, setBehind] = useState<Behind>('transparent');
  const [colour, setColour] = useState('#ffffff');
  const [picture, setPicture] = useState<File | null>(null);
  const [crop, setCrop] = useState(false);
  const [square, setSquare] = useState(false);
  /** The longer side in pixels, as typed; empty keeps the size. */
  const [size, setSize] = useState('');
  const [busy, setBusy] = useState<'image' | 'mask' | null>(null);
  const [saved, setSaved] = useState<{ id: string; url: string; output: 'image' | 'mask' } | null>(null);

  const fileName = (output: 'image' | 'mask') => `${output === 'mask' ? 'mask' : 'background-removed'}-${Date.now()}.png`;

  async function apply(output: 'image' | 'mask') {
    setBusy(output);
    try {
      const form = new FormData();
      if (creationId) {
        form.append('source', creationId);
      } else {
        const cutout = await fetch(resultUrl).then((r) => {
          if (!r.ok) throw new Error('Failed to load processed image');
          return r.blob();
        });
        form.append('image', cutout, 'cutout.png');
      }
      form.append('output', output);
      form.append('crop', String(crop));
      form.append('square', String(square));
      if (size.trim()) form.append('size', size.trim());
      if (output === 'image' && behind === 'colour') form.append('colour', colour);
      if (output === 'image' && behind === 'image' && picture) form.append('background', picture);
      if (!creationId) {
        await downloadFromApi('/api/images/background', fileName(output), form);
        toast.success('Image downloaded successfully!');
        return;
      }
      const reply = await apiRequest<{ content: string; creationId: string }>('/api/images/background', { method: 'POST', form });
      if (!reply.success || !reply.content || !reply.creationId) return void toast.error(reply.message || 'Something went wrong');
      setSaved({ id: reply.creationId, url: reply.content, output });
      toast.success('Saved to your creations');
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Failed to download image');
    } finally {
      setBusy(null);
    }
  }

  async function downloadSaved(format: 'png' | 'jpg') {
    if (!saved) return;
    try {
      await downloadFromApi(`/api/creations/${saved.id}/download?format=${format}`, fileName(saved.output).replace(/\.png$/, `.${format}`));
      toast.success('Image downloaded successfully!');
    } catch {
      toast.error('Failed to download image');
    }
  }

  const choice = (value: Behind, label: string) => (
    <label className="inline-flex items-center gap-1.5 text-sm text-slate-700">
      <input type="radio" name="behind" value={value} checked={behind === value} onChange={() => setBehind(value)} />
      {label}
    </label>
  );

  return (
    <fieldset className="mt-4 space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-900">New background</legend>
      <div className="flex flex-wrap items-center gap-4">
        {choice('transparent', 'Transparent')}
        {choice('colour', 'Colour')}
        {choice('image', 'Picture')}
      </div>
      {behind === 'colour' ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Background colour
          <input type="color" value={colour} onChange={(e) => setColour(e.target.value)} className="h-8 w-12 cursor-pointer rounded border border-slate-300" />
        </label>
      ) : null}
      {behind === 'image' ? (
        <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <ImageIcon className="size-4" aria-hidden="true" /> Background picture
          <input type="file" accept="image/*" onChange={(e) => setPicture(e.target.files?.[0] ?? null)} className="text-sm" />
        </label>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={crop} onChange={(e) => setCrop(e.target.checked)} /> Crop to the subject
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={square} onChange={(e) => setSquare(e.target.checked)} /> Square
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Longest side
          <input
            type="number" inputMode="numeric" min={16} max={4000} step={1} placeholder="as is" value={size}
            onChange={(e) => setSize(e.target.value)}
            className="w-24 rounded-lg border border-slate-300 px-2 py-1 text-sm"
          />
          px
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" icon={<Download className="size-4" aria-hidden="true" />} loading={busy === 'image'} disabled={behind === 'image' && !picture} onClick={() => void apply('image')}>
          Save with this background
        </Button>
        <Button size="sm" variant="ghost" icon={<Download className="size-4" aria-hidden="true" />} loading={busy === 'mask'} onClick={() => void apply('mask')}>
          Save the mask alone
        </Button>
      </div>
      {saved ? (
        <figure className="space-y-2" aria-label="Saved result">
          <img src={saved.url} alt={saved.output === 'mask' ? 'The saved mask' : 'The saved result with its new background'} className="max-h-64 rounded-lg ring-1 ring-slate-200" />
          <figcaption className="text-sm text-slate-600">Saved to your creations, made from this result.</figcaption>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" icon={<Download className="size-4" aria-hidden="true" />} onClick={() => void downloadSaved('png')}>
              Download PNG
            </Button>
            {saved.output === 'image' ? (
              <Button size="sm" variant="ghost" icon={<Download className="size-4" aria-hidden="true" />} onClick={() => void downloadSaved('jpg')}>
                Download JPG
              </Button>
            ) : null}
          </div>
        </figure>
      ) : null}
    </fieldset>
  );
}
