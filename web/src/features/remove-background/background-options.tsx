import { useState } from 'react';
import toast from 'react-hot-toast';
import { Download, ImageIcon } from 'lucide-react';
import { Button } from '../../components/button.js';
import { downloadFromApi } from '../../lib/api-download.js';

type Behind = 'transparent' | 'colour' | 'image';

/**
 * After a background removal: a colour or a picture behind the subject, cropping to the subject,
 * or the mask alone — done by the api from the cut-out's transparency, downloaded as a PNG.
 */
export function BackgroundOptions({ resultUrl }: { resultUrl: string }) {
  const [behind, setBehind] = useState<Behind>('transparent');
  const [colour, setColour] = useState('#ffffff');
  const [picture, setPicture] = useState<File | null>(null);
  const [crop, setCrop] = useState(false);
  const [busy, setBusy] = useState<'image' | 'mask' | null>(null);

  async function download(output: 'image' | 'mask') {
    setBusy(output);
    try {
      const cutout = await fetch(resultUrl).then((r) => {
        if (!r.ok) throw new Error('Failed to load processed image');
        return r.blob();
      });
      const form = new FormData();
      form.append('image', cutout, 'cutout.png');
      form.append('output', output);
      form.append('crop', String(crop));
      if (output === 'image' && behind === 'colour') form.append('colour', colour);
      if (output === 'image' && behind === 'image' && picture) form.append('background', picture);
      await downloadFromApi('/api/images/background', `${output === 'mask' ? 'mask' : 'background-removed'}-${Date.now()}.png`, form);
      toast.success('Image downloaded successfully!');
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Failed to download image');
    } finally {
      setBusy(null);
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
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={crop} onChange={(e) => setCrop(e.target.checked)} /> Crop to the subject
      </label>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" icon={<Download className="size-4" aria-hidden="true" />} loading={busy === 'image'} disabled={behind === 'image' && !picture} onClick={() => void download('image')}>
          Save with this background
        </Button>
        <Button size="sm" variant="ghost" icon={<Download className="size-4" aria-hidden="true" />} loading={busy === 'mask'} onClick={() => void download('mask')}>
          Save the mask alone
        </Button>
      </div>
    </fieldset>
  );
}
