import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CircleCheck, CircleX, Lightbulb, Scissors, Sparkles } from 'lucide-react';
import { TextAreaField } from '../../components/field.js';
import { paths } from '../../config/paths.js';
import { toolCards } from '../../config/tools.js';
import { useAppConfig } from '../../lib/app-config.js';
import type { EngineInfo } from '../../lib/jobs.js';
import { cn } from '../../lib/cn.js';
import { ImageDropArea } from '../../components/tool/image-drop-area.js';
import { EngineMissingNotice } from '../../components/tool/notices.js';
import { objectIndicator, objectRemovedFileName, objectWordCount } from '../../components/tool/rules.js';
import { ProcessedImagePanel } from '../../components/tool/processed-image-panel.js';
import { ToolPage, ToolPanel, toolByPath } from '../../components/tool/tool-layout.js';
import { useObjectUrl } from '../../components/tool/use-object-url.js';
import { ToolSubmit } from '../../components/tool/tool-submit.js';
import { useToolRun } from '../../components/tool/use-tool-run.js';
import { MaskBrush } from './mask-brush.js';
import { choiceFields, InstancePicker, type Detection } from './instance-picker.js';
import { useInputImage } from '../../components/tool/use-input-image.js';
import { renderMaskPng } from './mask-png.js';
import type { Size, Stroke } from './mask-strokes.js';
import { BatchSection } from '../batches/batch-section.js';

const tool = toolByPath(toolCards, paths.removeObject);
const resultTexts = {
  resultLabel: 'Object Removed',
  idleHint: 'Name one object and click “Remove Object” to see the result here.',
  emptyText: 'Upload an image, name the object to remove and click “Remove Object”.',
};

/**
 * Why a batch cannot start. Every image loses the one object named in the field above, or what the
 * batch's brush marks: the api takes the mask beside a name, not instead of one (with a mask any
 * single word will do, since nothing is looked for by name).
 */
function batchBlockedReason(objectText: string, engineMissing: boolean, hasMask: boolean): string | null {
  if (engineMissing) return 'Object removal is not set up on this server.';
  const words = objectWordCount(objectText);
  if (words === 0 && hasMask) return 'Name what you marked in “Object to Remove” above; with a brush mask any single word will do.';
  if (words === 0) return 'Type the object to remove in “Object to Remove” above; it is removed from every image.';
  if (words > 1) return 'Use a single object name in “Object to Remove” above.';
  return null;
}

export default function RemoveObjectPage() {
  const [file, setFile] = useState<File | null>(null);
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [objectText, setObjectText] = useState('');
  const [result, setResult] = useState<{ url: string; object: string; engine?: EngineInfo } | null>(null);
  const [loaded, setLoaded] = useState(false);
  // Optional brush marks (image pixels); with any, the server removes what they cover instead of detecting.
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [imageSize, setImageSize] = useState<Size | null>(null);
  // Mask first: the instances found for the name, and which of them to remove.
  const [detection, setDetection] = useState<Detection | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [leaveFloating, setLeaveFloating] = useState(false);
  const previewUrl = useObjectUrl(file);
  const { config } = useAppConfig();
  // null (not merely absent) is the server saying no engine serves this tool.
  const engineMissing = config?.engines['remove-object'] === null;
  const noticeId = useId();
  const { run, processing, progress, quota, limitReached } = useToolRun('remove-object');
  const indicator = objectIndicator(objectText);

  function chooseFile(next: File, source?: string) {
    // Handed over from an earlier result: its id goes instead of the file (linked, not re-uploaded).
    setSourceId(source ?? null);
    setFile(next);
    setResult(null);
    setLoaded(false);
    setStrokes([]);
    setImageSize(null);
    setDetection(null);
    setPicked([]);
    setLeaveFloating(false);
  }

  function changeObject(text: string) {
    setObjectText(text);
    // Instances found for another name no longer apply.
    if (detection && text.trim() !== detection.object) {
      setDetection(null);
      setPicked([]);
      setLeaveFloating(false);
    }
  }

  useInputImage(chooseFile);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const object = objectText.trim();
    if (!file || !object || processing) return;
    if (objectWordCount(object) > 1) {
      toast.error('Please enter only one object name');
      return;
    }
    let mask: Blob | null = null;
    if (strokes.length > 0 && imageSize) {
      try {
        mask = await renderMaskPng(strokes, imageSize);
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error));
        return;
      }
    }
    setLoaded(false);
    setResult(null);
    const form = new FormData();
    if (sourceId) form.append('source', sourceId);
    else form.append('image', file);
    form.append('object', object);
    if (mask) form.append('mask', mask, 'mask.png');
    else for (const [key, value] of Object.entries(choiceFields(detection, picked, leaveFloating))) form.append(key, value);
    const reply = await run('/api/ai/remove-image-object', form);
    if (reply?.content) setResult({ url: reply.content, object, engine: reply.engine });
  }

  const done = result !== null && !processing;
  const view = { previewUrl, resultUrl: result?.url ?? null, done, loaded, onLoaded: () => setLoaded(true), processing, progress };

  return (
    <ToolPage tool={tool}>
      <ToolPanel icon={Sparkles} title="Object Removal" gradient={tool.bg}>
        {engineMissing ? <EngineMissingNotice id={noticeId} toolName="Object removal" /> : null}
        <form onSubmit={handleSubmit} className="flex flex-col gap-5" noValidate>
          <ImageDropArea file={file} onFile={chooseFile} disabled={processing} />
          <div>
            <TextAreaField
              label="Object to Remove"
              name="object"
              required
              rows={2}
              value={objectText}
              onChange={(event) => changeObject(event.target.value)}
              placeholder="e.g. car, person, tree, watch (single object name only)"
              maxLength={100}
            />
            <p
              aria-live="polite"
              data-testid="object-indicator"
              data-ready={indicator ? String(indicator.ready) : undefined}
              className={cn('mt-1.5 flex min-h-5 items-center gap-1.5 text-xs font-medium', indicator?.ready ? 'text-emerald-700' : 'text-red-600')}
            >
              {indicator ? (
                <>
                  {indicator.ready ? <CircleCheck className="size-3.5" aria-hidden="true" /> : <CircleX className="size-3.5" aria-hidden="true" />}
                  {indicator.text}
                </>
              ) : null}
            </p>
          </div>
          <InstancePicker
            file={file}
            imageUrl={previewUrl}
            object={indicator?.ready ? objectText.trim() : ''}
            detection={detection}
            picked={picked}
            onDetection={setDetection}
            onPickedChange={setPicked}
            leaveFloating={leaveFloating}
            onLeaveFloatingChange={setLeaveFloating}
            disabled={processing}
          />
          {previewUrl ? (
            <MaskBrush imageUrl={previewUrl} strokes={strokes} onStrokesChange={setStrokes} onImageSize={setImageSize} disabled={processing} />
          ) : null}
          <div className="rounded-xl border border-indigo-100 bg-indigo-50/60 px-3.5 py-3 text-sm text-slate-700">
            <p className="mb-1.5 flex items-center gap-1.5 font-semibold text-indigo-900">
              <Lightbulb className="size-4" aria-hidden="true" />
              Tips for best results
            </p>
            <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-600">
              <li>Use simple, single-word descriptions</li>
              <li>Be specific (e.g. “car” rather than “vehicle”)</li>
              <li>Avoid describing multiple objects at once</li>
            </ul>
          </div>
          <ToolSubmit
            icon={<Scissors className="size-5" aria-hidden="true" />}
            disabled={!file || objectText.trim() === '' || processing || engineMissing}
            run={{ processing, quota, limitReached, progress }}
            describedBy={engineMissing ? noticeId : undefined}
          >
            Remove Object
          </ToolSubmit>
        </form>
        <BatchSection
          tool="remove-object"
          object={objectText.trim()}
          brush
          disabled={engineMissing}
          blockedReason={(hasMask) => batchBlockedReason(objectText, engineMissing, hasMask)}
        />
      </ToolPanel>

      <ProcessedImagePanel
        icon={Scissors}
        gradient={tool.bg}
        view={view}
        texts={resultTexts}
        fileName={objectRemovedFileName}
        success={<>Successfully removed "{result?.object}" from your image!</>}
        engine={result?.engine}
        engineNote={result?.engine?.note}
      />
    </ToolPage>
  );
}
