import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Ban, Download, FolderArchive, ImageIcon, Layers, RotateCcw, Sparkles } from 'lucide-react';
import { IMAGE_PRESETS } from '@craftwell/contracts/tool-options';
import { MAX_BATCH_ITEMS, type BatchItemView, type BatchSummary, type BatchTool, type BatchView } from '@craftwell/contracts/batches';
import { Badge, type BadgeTone } from '../../components/badge.js';
import { Button } from '../../components/button.js';
import { fileSizeText } from '../../components/tool/rules.js';
import { cn } from '../../lib/cn.js';
import { ProgressTrack } from '../../components/progress-track.js';
import { downloadFromApi } from '../../lib/api-download.js';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../lib/format-date-time.js';
import { useApiData } from '../../lib/use-api-data.js';
import { BATCHES_PATH, batchDownloadUrl, type BatchFields, type BatchList } from './api.js';
import { splitSelection, selectionProblem, type Selection } from './chunks.js';
import { finishedPercent, isUnfinished, itemDetail, STATE_LABELS, summaryText, totalOf } from './format.js';
import { useBatch, type BatchError, type BatchUpload } from './use-batch.js';
import { useObjectUrl } from '../../components/tool/use-object-url.js';
import { MaskBrush, type MaskBrushTexts } from '../remove-object/mask-brush.js';
import { renderMaskPng } from '../remove-object/mask-png.js';
import type { Size, Stroke } from '../remove-object/mask-strokes.js';

/** Batches listed under the panel for reopening. */
const RECENT_BATCHES = 5;

const STATE_TONES: Record<BatchItemView['state'], BadgeTone> = {
  queued: 'neutral',
  active: 'brand',
  done: 'success',
  failed: 'danger',
  cancelled: 'warning',
  refused: 'warning',
};

export interface BatchPanelProps {
  tool: BatchTool;
  /** remove-object: the object removed from every image (the page's own field). */
  object?: string;
  /** Other fields of the page's form sent with the batch (Background Removal's preset). */
  fields?: Pick<BatchFields, 'preset' | 'colour'>;
  /**
   * Why the batch cannot start yet (e.g. no object typed), shown under Start; a function when the
   * answer depends on whether a brush mask is drawn.
   */
  blockedReason?: string | null | ((hasMask: boolean) => string | null);
  /** remove-object: offer the page's brush over the batch's first image, its mask sent for every image. */
  brush?: boolean;
  /** The tool has no engine on this server. */
  disabled?: boolean;
}

/** Many images (or one .zip) through one tool: choose, start, follow, cancel, download all. */
export function BatchPanel({ tool, object, fields = {}, blockedReason = null, brush = false, disabled = false }: BatchPanelProps) {
  const state = useBatch(tool);
  const { batchId, batch, upload } = state;
  const { data: recent } = useApiData<BatchList>(BATCHES_PATH, recentKey(batchId, batch));

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {batchId ? (
        <BatchProgress batchId={batchId} batch={batch} upload={upload} notice={state.notice} cancelling={state.cancelling} onCancel={() => void state.cancel()} onNew={() => state.show(null)} />
      ) : (
        <BatchChooser
          object={object}
          blockedReason={blockedReason}
          brush={brush}
          disabled={disabled}
          sending={upload !== null}
          upload={upload}
          onStart={(selection, mask) => void state.start(selection, { ...fields, ...(object !== undefined ? { object } : {}), ...(mask ? { mask } : {}) })}
        />
      )}
      {state.error ? <BatchErrorBox error={state.error} /> : null}
      <RecentBatches tool={tool} batches={recent?.batches} currentId={batchId} onOpen={(id) => state.show(id)} />
    </div>
  );
}

/** The upload of a batch, by bytes sent (all its requests together). */
function UploadProgressView({ upload, className }: { upload: BatchUpload; className: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <p aria-live="polite" className={cn('font-medium text-brand-800', className)}>
        Uploading {upload.current} of {upload.total}… {upload.percent}%
      </p>
      <ProgressTrack percent={upload.percent} label="Upload progress" valueText={`${upload.percent}% sent`} minPercent={1} />
    </div>
  );
}

/** The recent list reloads when the shown batch changes or finishes. */
function recentKey(batchId: string | null, batch: BatchView | null): number {
  const finished = batch && !isUnfinished(batch.counts) ? 1 : 0;
  let hash = finished;
  for (const char of batchId ?? '') hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

function BatchErrorBox({ error }: { error: BatchError }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
      <p className="break-words">{error.message}</p>
      {error.upgrade ? (
        <Link to="/pricing" className="mt-1 inline-flex items-center gap-1 font-semibold underline underline-offset-2 hover:text-red-700">
          <Sparkles className="size-3.5" aria-hidden="true" />
          See plans
        </Link>
      ) : null}
    </div>
  );
}

function selectionText(selection: Selection): string {
  const parts: string[] = [];
  const { images, zips } = selection;
  if (images.length > 0) parts.push(`${images.length} ${images.length === 1 ? 'image' : 'images'}`);
  if (zips.length > 0) parts.push(`${zips.length} .zip`);
  if (parts.length === 0) return 'No images chosen';
  const bytes = [...images, ...zips].reduce((sum, file) => sum + file.size, 0);
  return `${parts.join(' and ')} chosen (${fileSizeText(bytes)})`;
}

/** The batch's brush: the page's own, with words that say one mask goes to every image. */
function batchBrushTexts(fileName: string): MaskBrushTexts {
  return {
    toggle: 'Mark the area to remove with a brush',
    hint: `Paint over the area to remove on the first image (${fileName}). The same area, scaled to each image's size, is removed from every image in the batch. Without marks, the object is found in each image by its name.`,
    imageAlt: 'First image of the batch, to mark',
  };
}

function BatchChooser({
  object,
  blockedReason,
  brush,
  disabled,
  sending,
  upload,
  onStart,
}: {
  object?: string;
  blockedReason: BatchPanelProps['blockedReason'];
  brush: boolean;
  disabled: boolean;
  sending: boolean;
  upload: BatchUpload | null;
  onStart: (selection: Selection, mask: Blob | null) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const reasonId = useId();
  const [selection, setSelection] = useState<Selection | null>(null);
  // Brush marks on the first chosen image (its pixels); the mask is drawn at that image's size.
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [maskSize, setMaskSize] = useState<Size | null>(null);
  const [rendering, setRendering] = useState(false);
  const [maskError, setMaskError] = useState<string | null>(null);
  const firstImage = brush ? (selection?.images[0] ?? null) : null;
  const firstImageUrl = useObjectUrl(firstImage);
  const hasMask = firstImage !== null && strokes.length > 0 && maskSize !== null;
  const reason = typeof blockedReason === 'function' ? blockedReason(hasMask) : blockedReason ?? null;
  const problem = selection ? selectionProblem(selection) : null;
  const busy = sending || rendering;
  const canStart = selection !== null && problem === null && !reason && !disabled && !busy;

  function choose(files: FileList | null) {
    setSelection(files && files.length > 0 ? splitSelection(Array.from(files)) : null);
    // Marks belong to the image they were drawn on.
    setStrokes([]);
    setMaskSize(null);
    setMaskError(null);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canStart) return;
    let mask: Blob | null = null;
    if (hasMask) {
      setRendering(true);
      try {
        mask = await renderMaskPng(strokes, maskSize);
      } catch (error) {
        setMaskError(error instanceof Error ? error.message : String(error));
        return;
      } finally {
        setRendering(false);
      }
    }
    setMaskError(null);
    onStart(selection, mask);
  }

  const named = object !== undefined && object.trim() !== '' && !reason;

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-3" noValidate>
      <div>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Images or a .zip for the batch
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/*,.zip,application/zip"
          disabled={disabled || busy}
          aria-describedby={hintId}
          onChange={(event) => choose(event.target.files)}
          className={cn(
            'block w-full min-w-0 rounded-xl border border-slate-300 bg-white text-sm text-slate-700',
            'file:mr-3 file:cursor-pointer file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60',
          )}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          Up to {MAX_BATCH_ITEMS} images, or one .zip of images. Each result is charged only when it succeeds.
        </p>
      </div>
      {selection ? (
        <div className="rounded-xl border border-slate-200 bg-slate-50/60 px-3.5 py-2.5 text-sm text-slate-700">
          <p data-testid="batch-selection" className="flex items-center gap-2 font-medium">
            {selection.zips.length > 0 ? <FolderArchive className="size-4 shrink-0 text-brand-600" aria-hidden="true" /> : <Layers className="size-4 shrink-0 text-brand-600" aria-hidden="true" />}
            {selectionText(selection)}
          </p>
          {selection.skipped.length > 0 ? (
            <p className="mt-1 break-words text-xs text-slate-500">
              Left out (not an image or a .zip): {selection.skipped.map((file) => file.name).join(', ')}
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="mt-1 text-xs font-medium text-red-600">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      {firstImage && firstImageUrl ? (
        <MaskBrush imageUrl={firstImageUrl} strokes={strokes} onStrokesChange={setStrokes} onImageSize={setMaskSize} disabled={disabled || busy} texts={batchBrushTexts(firstImage.name)} />
      ) : null}
      {brush && selection && selection.images.length === 0 && selection.zips.length > 0 ? (
        <p className="text-xs text-slate-500">To mark the area to remove with a brush, choose images rather than a .zip.</p>
      ) : null}
      {named ? (
        <p data-testid="batch-removes" className="text-xs text-slate-600">
          {hasMask ? <>Removes the area you marked from every image, scaled to each image's size.</> : <>Removes “{object?.trim()}” from every image.</>}
        </p>
      ) : null}
      {maskError ? (
        <p role="alert" className="text-xs font-medium text-red-600">
          {maskError}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" className="w-full" disabled={!canStart} loading={busy} aria-describedby={reason ? reasonId : undefined} icon={<Layers className="size-4" aria-hidden="true" />}>
          Start batch
        </Button>
        {reason ? (
          <p id={reasonId} className="mt-1.5 text-xs text-slate-500">
            {reason}
          </p>
        ) : null}
      </div>
      {upload ? <UploadProgressView upload={upload} className="text-sm" /> : null}
    </form>
  );
}

function BatchProgress({
  batchId,
  batch,
  upload,
  notice,
  cancelling,
  onCancel,
  onNew,
}: {
  batchId: string;
  batch: BatchView | null;
  upload: BatchUpload | null;
  notice: string | null;
  cancelling: boolean;
  onCancel: () => void;
  onNew: () => void;
}) {
  const headingId = useId();
  const [downloading, setDownloading] = useState(false);
  // Like every download: fetched with the session's bearer token (data routes take no cookie).
  async function downloadAll() {
    setDownloading(true);
    try {
      await downloadFromApi(batchDownloadUrl(batchId), 'craftwell-batch.zip');
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Download failed');
    } finally {
      setDownloading(false);
    }
  }
  const percent = batch ? finishedPercent(batch.counts) : 0;
  const summary = batch ? summaryText(batch.counts, batch.estimatedSecondsLeft) : 'Loading your batch…';
  const running = batch !== null && isUnfinished(batch.counts);
  const total = batch ? totalOf(batch.counts) : 0;

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="min-w-0">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {batch ? `Batch of ${total} ${total === 1 ? 'image' : 'images'}` : 'Your batch'}
          {batch?.object ? <span className="font-normal text-slate-600"> · removing “{batch.object}”</span> : null}
          {batch?.mask ? <span className="font-normal text-slate-600"> · area marked with the brush</span> : null}
          {batch?.preset ? <span className="font-normal text-slate-600"> · {IMAGE_PRESETS[batch.preset].label}</span> : null}
        </h3>
        {batch ? <p className="text-xs text-slate-500">Started {formatDateTime(batch.createdAt)}</p> : null}
      </div>

      <div className="rounded-xl border border-brand-100 bg-brand-50/60 px-3.5 py-3">
        <p role="status" aria-live="polite" data-testid="batch-summary" className="mb-2 break-words text-sm font-medium text-brand-900">
          {summary}
        </p>
        <ProgressTrack percent={percent} label="Batch progress" minPercent={2} />
        {upload ? <UploadProgressView upload={upload} className="mt-2 text-xs" /> : null}
        {notice ? <p className="mt-2 break-words text-xs text-amber-800">{notice}</p> : null}
      </div>

      <div className="flex flex-wrap gap-2">
        {running ? (
          <Button variant="danger" size="sm" onClick={onCancel} loading={cancelling} icon={<Ban className="size-4" aria-hidden="true" />}>
            Cancel
          </Button>
        ) : null}
        {batch && batch.counts.done > 0 ? (
          <Button size="sm" loading={downloading} onClick={() => void downloadAll()} icon={<Download className="size-4" aria-hidden="true" />}>
            Download all
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onNew} icon={<RotateCcw className="size-4" aria-hidden="true" />}>
          Start a new batch
        </Button>
      </div>

      {batch && batch.items.length > 0 ? (
        <ul aria-label="Images in this batch" className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto overflow-x-hidden rounded-xl border border-slate-200 bg-white">
          {batch.items.map((item) => (
            <BatchItemRow key={item.position} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

// Inline so the pattern needs nothing from the global stylesheet (transparent results show).
const checkerboard = {
  backgroundColor: '#fff',
  backgroundImage: 'linear-gradient(45deg,#e2e8f0 25%,transparent 25%),linear-gradient(-45deg,#e2e8f0 25%,transparent 25%),linear-gradient(45deg,transparent 75%,#e2e8f0 75%),linear-gradient(-45deg,transparent 75%,#e2e8f0 75%)',
  backgroundSize: '10px 10px',
  backgroundPosition: '0 0,0 5px,5px -5px,-5px 0',
};

const DETAIL_TONES: Record<BatchItemView['state'], string> = {
  queued: 'text-slate-500',
  active: 'text-slate-600',
  done: 'text-slate-600',
  failed: 'text-red-700',
  cancelled: 'text-slate-500',
  refused: 'text-amber-800',
};

function BatchItemRow({ item }: { item: BatchItemView }) {
  const detail = itemDetail(item);
  return (
    <li data-testid="batch-item" data-state={item.state} className="flex min-w-0 items-center gap-3 px-3 py-2.5">
      {item.state === 'done' && item.content ? (
        <a href={item.content} target="_blank" rel="noreferrer" className="shrink-0 overflow-hidden rounded-lg border border-slate-200" style={checkerboard}>
          <img src={item.content} alt={`Result for ${item.fileName}`} loading="lazy" className="size-12 object-contain" />
        </a>
      ) : (
        <span className="grid size-12 shrink-0 place-items-center rounded-lg border border-slate-200 bg-slate-50 text-slate-400">
          <ImageIcon className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-800" title={item.fileName}>
          {item.fileName}
        </p>
        {item.state === 'active' ? (
          <div className="mt-1 flex items-center gap-2">
            <div className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
              <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.max(2, Math.min(100, item.progress ?? 0))}%` }} />
            </div>
            <span className="shrink-0 text-xs tabular-nums text-slate-600">{detail}</span>
          </div>
        ) : detail ? (
          <p className={cn('break-words text-xs', DETAIL_TONES[item.state])}>{detail}</p>
        ) : null}
      </div>
      <Badge tone={STATE_TONES[item.state]} className="shrink-0">
        {STATE_LABELS[item.state]}
      </Badge>
    </li>
  );
}

function recentText(summary: BatchSummary): string {
  const total = totalOf(summary.counts);
  const parts = [`${total} ${total === 1 ? 'image' : 'images'}`, `${summary.counts.done} done`];
  if (summary.counts.failed > 0) parts.push(`${summary.counts.failed} failed`);
  if (isUnfinished(summary.counts)) parts.push('in progress');
  else if (summary.cancelled) parts.push('cancelled');
  return parts.join(' · ');
}

function RecentBatches({ tool, batches, currentId, onOpen }: { tool: BatchTool; batches?: BatchSummary[]; currentId: string | null; onOpen: (id: string) => void }) {
  const headingId = useId();
  const mine = (batches ?? []).filter((summary) => summary.tool === tool).slice(0, RECENT_BATCHES);
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        Recent batches
      </h3>
      <ul className="flex flex-col gap-2">
        {mine.map((summary) => {
          const when = formatDateTime(summary.createdAt);
          const shown = summary.id === currentId;
          return (
            <li key={summary.id} className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm text-slate-800">
                  {recentText(summary)}
                  {summary.object ? <span className="text-slate-500"> · “{summary.object}”</span> : null}
                  {summary.mask ? <span className="text-slate-500"> · brush mask</span> : null}
                </p>
                <p className="text-xs text-slate-500">{when}</p>
              </div>
              {shown ? (
                <Badge tone="brand" className="shrink-0">
                  Shown
                </Badge>
              ) : (
                <Button variant="ghost" size="sm" className="shrink-0" onClick={() => onOpen(summary.id)} aria-label={`Open the batch of ${when || summary.createdAt}`}>
                  Open
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
