import { useId, useState, type FormEvent } from 'react';
import { Image as ImageIcon, Sparkles, Wand2 } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.js';
import { TextAreaField } from '../../components/field.js';
import { Spinner } from '../../components/spinner.js';
import { paths } from '../../config/paths.js';
import { toolCards } from '../../config/tools.js';
import { useAppConfig } from '../../lib/app-config.js';
import { cn } from '../../lib/cn.js';
import { ChoiceGroup } from '../../components/tool/choice-group.js';
import { ImageResultActions } from '../../components/tool/image-result-actions.js';
import { WarningNotice } from '../../components/tool/notices.js';
import { ResultImage } from '../../components/tool/result-image.js';
import { generatedImageFileName, IMAGE_STYLES, imagePrompt } from '../../components/tool/rules.js';
import { ToolPage, ToolPanel, toolByPath } from '../../components/tool/tool-layout.js';
import { ToolSubmit } from '../../components/tool/tool-submit.js';
import { useToolRun } from '../../components/tool/use-tool-run.js';

const tool = toolByPath(toolCards, paths.generateImages);
const styleChoices = IMAGE_STYLES.map((style) => ({ value: style, label: style }));

interface GeneratedImage {
  url: string;
  style: string;
  publish: boolean;
}

export default function GenerateImagesPage() {
  const [description, setDescription] = useState('');
  const [style, setStyle] = useState<string>(IMAGE_STYLES[0]);
  const [publish, setPublish] = useState(false);
  const [image, setImage] = useState<GeneratedImage | null>(null);
  const [loaded, setLoaded] = useState(false);
  const { run, processing, progress, quota, limitReached } = useToolRun('generate-image');
  const { config } = useAppConfig();
  const notConfigured = config?.imageGeneration.configured === false;
  const noticeId = useId();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const subject = description.trim();
    if (!subject || processing) return;
    setLoaded(false);
    const reply = await run('/api/ai/generate-image', { prompt: imagePrompt(subject, style), publish });
    if (reply?.content) setImage({ url: reply.content, style, publish });
  }

  return (
    <ToolPage tool={tool}>
      <ToolPanel icon={Sparkles} title="AI Image Generator" gradient={tool.bg}>
        {notConfigured ? (
          <WarningNotice id={noticeId} title="Image generation is not set up on this server">
            {/* The same words the api answers with when asked anyway. */}
            {config?.imageGeneration.message || 'Image generation is not configured on this server.'}
          </WarningNotice>
        ) : null}
        <form onSubmit={handleSubmit} className="flex flex-col gap-5" noValidate>
          <TextAreaField
            label="Describe Your Image"
            name="description"
            required
            rows={4}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="Describe what you want to see in the image..."
            maxLength={1000}
          />
          <ChoiceGroup legend="Style" choices={styleChoices} value={style} onChange={setStyle} disabled={processing} />
          <PublicToggle checked={publish} onChange={setPublish} disabled={processing} />
          <ToolSubmit
            icon={<Wand2 className="size-5" aria-hidden="true" />}
            disabled={description.trim() === '' || processing || notConfigured}
            run={{ processing, quota, limitReached, progress }}
            describedBy={notConfigured ? noticeId : undefined}
          >
            {processing ? 'Creating Your Masterpiece...' : 'Generate Image'}
          </ToolSubmit>
        </form>
      </ToolPanel>

      <ToolPanel
        icon={ImageIcon}
        title="Generated Image"
        gradient={tool.bg}
        className="lg:min-h-[30rem]"
        actions={image && loaded && !processing ? <ImageResultActions url={image.url} fileName={generatedImageFileName} /> : null}
      >
        {image ? (
          <div className="relative">
            <ResultImage
              src={image.url}
              alt={`Generated image in ${image.style}`}
              loaded={loaded}
              onLoaded={() => setLoaded(true)}
              failMessage="Failed to load generated image"
            />
            {processing || !loaded ? <GeneratingOverlay /> : null}
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span>
                Style: <span className="font-medium text-slate-800">{image.style}</span>
              </span>
              <span aria-hidden="true" className="text-slate-300">
                •
              </span>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', image.publish ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600')}>
                {image.publish ? 'Public' : 'Private'}
              </span>
            </p>
          </div>
        ) : processing ? (
          <div className="relative min-h-72 flex-1 rounded-xl bg-slate-50">
            <GeneratingOverlay />
          </div>
        ) : (
          <EmptyState icon={<ImageIcon className="size-6" aria-hidden="true" />} title="Ready to Create Art?" className="flex-1">
            {notConfigured
              ? 'Images appear here once an image provider is set up on this server.'
              : 'Describe your image, choose a style and click “Generate Image” to get started.'}
          </EmptyState>
        )}
      </ToolPanel>
    </ToolPage>
  );
}

/** Covers the image area while a picture is generated or still loading. */
function GeneratingOverlay() {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-xl bg-white/85 p-6 text-center backdrop-blur-sm">
      <Spinner size="lg" className="text-brand-500" />
      <div>
        <p className="text-sm font-semibold text-slate-800">Generating your image...</p>
        <p className="text-xs text-slate-500">This may take a moment.</p>
      </div>
    </div>
  );
}

/** The "Make this image public" switch with its hint. */
function PublicToggle({ checked, onChange, disabled }: { checked: boolean; onChange: (value: boolean) => void; disabled: boolean }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 px-3.5 py-3">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-slate-800">
          Make this image public
        </p>
        <p id={hintId} className="text-xs text-slate-500">
          Share with the community gallery
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-emerald-500' : 'bg-slate-300',
        )}
      >
        <span className={cn('inline-block size-5 rounded-full bg-white shadow transition', checked ? 'translate-x-5.5' : 'translate-x-0.5')} />
      </button>
    </div>
  );
}
