import { useId, useState, type FormEvent } from 'react';
import { Eraser, Sparkles } from 'lucide-react';
import { paths } from '../../config/paths.js';
import { toolCards } from '../../config/tools.js';
import { useAppConfig } from '../../lib/app-config.js';
import type { EngineInfo } from '../../lib/jobs.js';
import { ImageDropArea } from '../../components/tool/image-drop-area.js';
import { EngineMissingNotice } from '../../components/tool/notices.js';
import { backgroundRemovedFileName } from '../../components/tool/rules.js';
import { ProcessedImagePanel } from '../../components/tool/processed-image-panel.js';
import { ToolPage, ToolPanel, toolByPath } from '../../components/tool/tool-layout.js';
import { useObjectUrl } from '../../components/tool/use-object-url.js';
import { ToolSubmit } from '../../components/tool/tool-submit.js';
import { useToolRun } from '../../components/tool/use-tool-run.js';
import { useInputImage } from '../../components/tool/use-input-image.js';
import { BackgroundOptions } from './background-options.js';
import { BatchSection } from '../batches/batch-section.js';
import { NO_PRESET, PresetChoice, presetFieldsOf } from './preset-choice.js';

const tool = toolByPath(toolCards, paths.removeBackground);
const resultTexts = {
  resultLabel: 'Background Removed',
  idleHint: 'Click “Remove Background” to see the result here.',
  emptyText: 'Upload an image and click “Remove Background” to get a transparent PNG.',
};

export default function RemoveBackgroundPage() {
  const [file, setFile] = useState<File | null>(null);
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [result, setResult] = useState<{ url: string; engine?: EngineInfo; creationId?: string } | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [preset, setPreset] = useState(NO_PRESET);
  const previewUrl = useObjectUrl(file);
  const { config } = useAppConfig();
  // null (not merely absent) is the server saying no engine serves this tool.
  const engineMissing = config?.engines['remove-background'] === null;
  const noticeId = useId();
  const { run, processing, progress, quota, limitReached } = useToolRun('remove-background');

  function chooseFile(next: File, source?: string) {
    // Handed over from an earlier result: its id goes instead of the file (linked, not re-uploaded).
    setSourceId(source ?? null);
    // A new file starts over: the previous result belongs to the previous image.
    setFile(next);
    setResult(null);
    setLoaded(false);
  }

  useInputImage(chooseFile);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file || processing) return;
    setLoaded(false);
    setResult(null);
    const form = new FormData();
    if (sourceId) form.append('source', sourceId);
    else form.append('image', file);
    for (const [name, value] of Object.entries(presetFieldsOf(preset))) form.append(name, value);
    const reply = await run('/api/ai/remove-image-background', form);
    if (reply?.content) setResult({ url: reply.content, engine: reply.engine, creationId: reply.creationId });
  }

  const done = result !== null && !processing;
  const view = { previewUrl, resultUrl: result?.url ?? null, done, loaded, onLoaded: () => setLoaded(true), processing, progress };

  return (
    <ToolPage tool={tool}>
      <ToolPanel icon={Sparkles} title="Background Removal" gradient={tool.bg}>
        {engineMissing ? <EngineMissingNotice id={noticeId} toolName="Background removal" /> : null}
        <form onSubmit={handleSubmit} className="flex flex-col gap-5" noValidate>
          <ImageDropArea file={file} onFile={chooseFile} disabled={processing} />
          <PresetChoice value={preset} onChange={setPreset} disabled={processing} />
          <ToolSubmit icon={<Eraser className="size-5" aria-hidden="true" />} disabled={!file || processing || engineMissing} run={{ processing, quota, limitReached, progress }} describedBy={engineMissing ? noticeId : undefined}>
            Remove Background
          </ToolSubmit>
        </form>
        <BatchSection tool="remove-background" fields={presetFieldsOf(preset)} disabled={engineMissing} blockedReason={engineMissing ? 'Background removal is not set up on this server.' : null} />
      </ToolPanel>

      <ProcessedImagePanel icon={Eraser} gradient={tool.bg} view={view} texts={resultTexts} fileName={backgroundRemovedFileName} checkerboard success="Background Successfully Removed!" engine={result?.engine}>
        {done && loaded ? <BackgroundOptions resultUrl={result.url} creationId={result.creationId} /> : null}
      </ProcessedImagePanel>
    </ToolPage>
  );
}
