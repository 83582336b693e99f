import { useState } from 'react';
import toast from 'react-hot-toast';
import { ScanSearch } from 'lucide-react';
import { Button } from '../../components/button.js';
import { apiRequest } from '../../lib/api-client.js';
import { cn } from '../../lib/cn.js';

/** One instance of the named object, as POST /api/ai/detect-objects lists it (largest first). */
export interface DetectedInstance {
  index: number;
  label: string;
  score: number;
  box: { x1: number; y1: number; x2: number; y2: number };
  area: number;
  /** Data URL of the instance's mask over its box (white = object). */
  maskPng: string;
  /** What rests on it (a dog on a bench): removing it would leave that floating, so the server asks first. */
  carries?: string;
}

export interface Detection {
  object: string;
  width: number;
  height: number;
  instances: DetectedInstance[];
}

/**
 * The form fields that tell the remove call which instances to take (none = the server's default,
 * the largest), and `leaveFloating` when the person chose to remove a support anyway.
 */
export function choiceFields(detection: Detection | null, picked: readonly number[], leaveFloating = false): Record<string, string> {
  if (!detection || picked.length === 0) return {};
  const anyway: Record<string, string> = leaveFloating && carriedBy(detection, picked).length ? { leaveFloating: 'true' } : {};
  if (picked.length === detection.instances.length && picked.length > 1) return { all: 'true', ...anyway };
  if (picked.length === 1) return { instance: String(picked[0]), ...anyway };
  return { instances: [...picked].sort((a, b) => a - b).join(','), ...anyway };
}

/** The picked instances that carry something, with what rests on each. */
function carriedBy(detection: Detection, picked: readonly number[]): { inst: DetectedInstance; carries: string }[] {
  return detection.instances.filter((i) => picked.includes(i.index) && i.carries).map((inst) => ({ inst, carries: inst.carries! }));
}

function describe(inst: DetectedInstance, count: number): string {
  const which = count > 1 && inst.index === 0 ? ', largest' : '';
  return `${inst.label} ${inst.index + 1}${which} (${Math.round(inst.score * 100)}% sure)`;
}

/**
 * Mask first: finds the instances of the named object, outlines them on the photo and lets the
 * person pick one or several (a click on the photo picks the one under it). The remove call then
 * takes exactly those.
 */
export function InstancePicker({
  file,
  imageUrl,
  object,
  detection,
  picked,
  onDetection,
  onPickedChange,
  leaveFloating,
  onLeaveFloatingChange,
  disabled,
}: {
  file: File | null;
  imageUrl: string | null;
  /** The one-word name, or '' while the text is not a single word. */
  object: string;
  detection: Detection | null;
  picked: readonly number[];
  onDetection: (detection: Detection | null) => void;
  onPickedChange: (picked: number[]) => void;
  /** Remove a picked support even though something rests on it. */
  leaveFloating: boolean;
  onLeaveFloatingChange: (leaveFloating: boolean) => void;
  disabled: boolean;
}) {
  const [finding, setFinding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function find() {
    if (!file || !object) return;
    setFinding(true);
    setMessage(null);
    const form = new FormData();
    form.append('image', file);
    form.append('object', object);
    const reply = await apiRequest<Detection>('/api/ai/detect-objects', { form });
    setFinding(false);
    if (!reply.success || !reply.instances || reply.width === undefined || reply.height === undefined) {
      onDetection(null);
      onPickedChange([]);
      toast.error(reply.message ?? 'Could not look for the object.');
      return;
    }
    const found: Detection = { object: reply.object ?? object, width: reply.width, height: reply.height, instances: reply.instances };
    onDetection(found);
    onPickedChange(found.instances.length ? [0] : []);
    setMessage(found.instances.length ? null : (reply.message ?? `Couldn't find "${object}" in this image`));
  }

  function toggle(index: number) {
    onPickedChange(picked.includes(index) ? picked.filter((k) => k !== index) : [...picked, index].sort((a, b) => a - b));
  }

  const instances = detection?.instances ?? [];
  const carried = detection ? carriedBy(detection, picked) : [];
  // Larger boxes first, so a smaller one (a dog in front of a bench) lies on top and takes the click.
  const drawOrder = [...instances].sort((a, b) => b.area - a.area);
  const pct = (v: number, of: number) => `${(100 * v) / of}%`;

  return (
    <div className="flex flex-col gap-3" data-testid="instance-picker">
      <Button
        variant="secondary"
        className="self-start"
        icon={<ScanSearch className="size-4" aria-hidden="true" />}
        onClick={find}
        disabled={disabled || finding || !file || !object}
      >
        {finding ? 'Looking...' : object ? `Find "${object}" on the photo` : 'Find the object on the photo'}
      </Button>
      {message ? <p className="text-xs font-medium text-red-600">{message}</p> : null}
      {detection && imageUrl && instances.length > 0 ? (
        <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50/60 p-3">
          <p aria-live="polite" data-testid="instance-status" className="text-xs text-slate-600">
            Found {instances.length} {instances.length === 1 ? 'match' : 'matches'} for “{detection.object}”; {picked.length} selected.
            Click an outline to select or deselect it.
          </p>
          <div className="flex justify-center overflow-hidden rounded-lg border border-slate-200 bg-white">
            <div className="relative max-w-full min-w-0">
              <img src={imageUrl} alt="Detected objects" draggable={false} className="block h-auto max-h-[28rem] w-auto max-w-full select-none" />
              {drawOrder.map((inst) => {
                const selected = picked.includes(inst.index);
                const style = {
                  left: pct(inst.box.x1, detection.width),
                  top: pct(inst.box.y1, detection.height),
                  width: pct(inst.box.x2 - inst.box.x1, detection.width),
                  height: pct(inst.box.y2 - inst.box.y1, detection.height),
                };
                return (
                  <button
                    key={inst.index}
                    type="button"
                    aria-pressed={selected}
                    aria-label={describe(inst, instances.length)}
                    onClick={() => toggle(inst.index)}
                    disabled={disabled}
                    style={style}
                    className={cn(
                      'absolute rounded-sm border-2 border-dashed',
                      selected ? 'border-rose-500' : 'border-sky-400',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn('absolute inset-0', selected ? 'bg-rose-500/50' : 'bg-sky-400/30')}
                      style={{ maskImage: `url(${inst.maskPng})`, maskSize: '100% 100%', maskMode: 'luminance' }}
                    />
                  </button>
                );
              })}
            </div>
          </div>
          {carried.length ? (
            <div role="note" data-testid="instance-carries" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
              {carried.map(({ inst, carries }) => (
                <p key={inst.index}>
                  The {carries} rests on this {inst.label}: removing the {inst.label} would leave the {carries} floating in mid-air.
                </p>
              ))}
              <label className="mt-1.5 flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  checked={leaveFloating}
                  onChange={(event) => onLeaveFloatingChange(event.target.checked)}
                  disabled={disabled}
                />
                Remove it anyway
              </label>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
