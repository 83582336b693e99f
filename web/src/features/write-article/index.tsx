import { useState, type FormEvent } from 'react';
import { FileText, PenLine, Sparkles } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.js';
import { inputClasses, TextField } from '../../components/Field.js';
import { paths } from '../../config/paths.js';
import { toolCards } from '../../config/tools.js';
import type { EngineInfo } from '../../lib/jobs.js';
import { ChoiceGroup } from '../tools-shared/ChoiceGroup.js';
import { MarkdownResult } from '../tools-shared/MarkdownResult.js';
import { EngineNotice, SuccessBanner } from '../tools-shared/Notices.js';
import {
  ARTICLE_LENGTH_OPTIONS,
  articleFileName,
  articlePrompt,
  countWords,
  minReadLabel,
  readingMinutes,
} from '../tools-shared/rules.js';
import { ToolPage, ToolPanel, toolByPath } from '../tools-shared/ToolLayout.js';
import { TextResultActions } from '../tools-shared/TextResultActions.js';
import { ToolSubmit } from '../tools-shared/ToolSubmit.js';
import { useToolRun } from '../tools-shared/use-tool-run.js';

const tool = toolByPath(toolCards, paths.writeArticle);
/** Mirrors the api's article tones (contracts ARTICLE_TONES). */
const ARTICLE_TONES = ['neutral', 'friendly', 'professional', 'persuasive', 'playful'] as const;
type ArticleTone = (typeof ARTICLE_TONES)[number];
const lengthChoices = ARTICLE_LENGTH_OPTIONS.map((option) => ({
  value: option.length,
  label: option.text,
  detail: minReadLabel(option.length),
}));

interface Article {
  topic: string;
  content: string;
  engine?: EngineInfo;
}

export default function WriteArticlePage() {
  const [topic, setTopic] = useState('');
  const [length, setLength] = useState(ARTICLE_LENGTH_OPTIONS[0].length);
  const [tone, setTone] = useState<ArticleTone>('neutral');
  const [audience, setAudience] = useState('');
  const [article, setArticle] = useState<Article | null>(null);
  const { run, processing, progress, quota, limitReached } = useToolRun('article');

  const canSubmit = topic.trim() !== '' && !processing;
  // While a new article is written it streams in; otherwise the last finished one stays.
  const streaming = processing ? (progress?.partial ?? '') : null;
  const shown = streaming ?? article?.content ?? '';
  const words = countWords(shown);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const subject = topic.trim();
    if (!subject || processing) return;
    const option = ARTICLE_LENGTH_OPTIONS.find((candidate) => candidate.length === length) ?? ARTICLE_LENGTH_OPTIONS[0];
    // The spec's prompt stays exactly as it is; tone and audience travel beside it when chosen.
    const voice = { ...(tone !== 'neutral' ? { tone } : {}), ...(audience.trim() ? { audience: audience.trim() } : {}) };
    const reply = await run('/api/ai/generate-article', { prompt: articlePrompt(subject, option.text), length: option.length, ...voice });
    if (reply) setArticle({ topic: subject, content: reply.content ?? '', engine: reply.engine });
  }

  const finished = !processing && article !== null;

  return (
    <ToolPage tool={tool}>
      <ToolPanel icon={Sparkles} title="Article Configuration" gradient={tool.bg}>
        <form onSubmit={handleSubmit} className="flex flex-col gap-5" noValidate>
          <TextField
            label="Article Topic"
            name="topic"
            required
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
            placeholder="The future of artificial intelligence is..."
            autoComplete="off"
            maxLength={500}
          />
          <ChoiceGroup legend="Article Length" variant="card" choices={lengthChoices} value={length} onChange={setLength} disabled={processing} />
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
              Tone
              <select value={tone} onChange={(event) => setTone(event.target.value as ArticleTone)} disabled={processing} className={inputClasses}>
                {ARTICLE_TONES.map((value) => (
                  <option key={value} value={value}>
                    {value.charAt(0).toUpperCase() + value.slice(1)}
                  </option>
                ))}
              </select>
            </label>
            <TextField label="Audience (optional)" value={audience} onChange={(event) => setAudience(event.target.value)} placeholder="e.g. first-time home buyers" maxLength={100} disabled={processing} />
          </div>
          <ToolSubmit
            icon={<PenLine className="size-5" aria-hidden="true" />}
            disabled={!canSubmit}
            processing={processing}
            quota={quota}
            limitReached={limitReached}
            progress={progress}
            progressNote="Your article appears on the right as it is written. Longer articles take a little more time."
          >
            {processing ? 'Crafting Your Article...' : 'Generate Article'}
          </ToolSubmit>
        </form>
      </ToolPanel>

      <ToolPanel
        icon={FileText}
        title="Generated Article"
        gradient={tool.bg}
        className="lg:min-h-[36rem]"
        actions={
          finished ? (
            <TextResultActions
              text={article.content}
              fileName={() => articleFileName(article.topic)}
              copyLabel="Copy"
              messages={{ copied: 'Article copied to clipboard!', copyFailed: 'Failed to copy article', downloaded: 'Article downloaded successfully!' }}
            />
          ) : null
        }
      >
        {shown ? (
          <>
            {finished ? <SuccessBanner>Article Generated Successfully!</SuccessBanner> : null}
            {finished ? <EngineNotice engine={article.engine} note="This is an outline to build on, not a finished article." /> : null}
            <p className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-500">
              <span data-testid="word-count">
                <span className="font-semibold text-slate-700">{words.toLocaleString()}</span> words
              </span>
              <span data-testid="reading-time">
                <span className="font-semibold text-slate-700">{readingMinutes(words)}</span> min read
              </span>
              {processing ? <span className="font-medium text-brand-600">Writing...</span> : null}
            </p>
            <MarkdownResult label="Article" busy={processing} className="flex-1">
              {shown}
            </MarkdownResult>
          </>
        ) : processing ? (
          <EmptyState icon={<PenLine className="size-6 animate-pulse" aria-hidden="true" />} title="Crafting Your Article...">
            The first lines appear here in a moment.
          </EmptyState>
        ) : (
          <EmptyState icon={<FileText className="size-6" aria-hidden="true" />} title="Ready to Write?" className="flex-1">
            Enter a topic, pick a length and click “Generate Article” to get started.
          </EmptyState>
        )}
      </ToolPanel>
    </ToolPage>
  );
}
