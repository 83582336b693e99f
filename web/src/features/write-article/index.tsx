import { useState, type FormEvent } from 'react';
import { ARTICLE_MAX_SECTIONS, ARTICLE_TONES, type ArticleTone } from '@craftwell/contracts/tool-options';
import { FileText, PenLine, Sparkles } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.js';
import { TextField, inputClasses, TextAreaField } from '../../components/field.js';
import { Button } from '../../components/button.js';
import { paths } from '../../config/paths.js';
import { toolCards } from '../../config/tools.js';
import type { EngineInfo } from '../../lib/jobs.js';
import { ChoiceGroup } from '../../components/tool/choice-group.js';
import { MarkdownResult } from '../../components/tool/markdown-result.js';
import { EngineNotice, SuccessBanner } from '../../components/tool/notices.js';
import {
  ARTICLE_LENGTH_OPTIONS,
  articleFileName,
  articlePrompt,
  countWords,
  minReadLabel,
  readingMinutes,
} from '../../components/tool/rules.js';
import { ToolPage, ToolPanel, toolByPath } from '../../components/tool/tool-layout.js';
import { TextResultActions } from '../../components/tool/text-result-actions.js';
import { ToolSubmit } from '../../components/tool/tool-submit.js';
import { TopicField } from '../../components/tool/topic-field.js';
import { useToolRun } from '../../components/tool/use-tool-run.js';
import { SectionActions, type SectionAction } from './section-actions.js';

const tool = toolByPath(toolCards, paths.writeArticle);

/** The headings of an outline: one per line, list markers dropped, at most the api's limit. */
function outlineHeadings(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/^\s*[-*]\s*/, '').trim()).filter(Boolean).slice(0, ARTICLE_MAX_SECTIONS);
}
const lengthChoices = ARTICLE_LENGTH_OPTIONS.map((option) => ({
  value: option.length,
  label: option.text,
  detail: minReadLabel(option.length),
}));

interface Article {
  topic: string;
  /** The fixed prompt sentence it was written from (a revision is saved under the same one). */
  prompt: string;
  content: string;
  engine?: EngineInfo;
}

export default function WriteArticlePage() {
  const [topic, setTopic] = useState('');
  const [length, setLength] = useState(ARTICLE_LENGTH_OPTIONS[0].length);
  const [tone, setTone] = useState<ArticleTone>('neutral');
  const [audience, setAudience] = useState('');
  // The planned sections, one heading per line, editable before the draft; empty = let the writer plan.
  const [outline, setOutline] = useState<string | null>(null);
  // Planning an outline or revising a section: the shown article stays while it runs.
  const [sideTask, setSideTask] = useState<'plan' | 'revise' | null>(null);
  const [article, setArticle] = useState<Article | null>(null);
  const { run, processing, progress, quota, limitReached } = useToolRun('article');

  const canSubmit = topic.trim() !== '' && !processing;
  // While a new article is written it streams in; otherwise the last finished one stays.
  const streaming = processing && !sideTask ? (progress?.partial ?? '') : null;
  const shown = streaming ?? article?.content ?? '';
  const words = countWords(shown);

  // The fixed prompt sentence stays exactly as it is; tone and audience travel beside it when chosen.
  function voiceFields() {
    return { ...(tone !== 'neutral' ? { tone } : {}), ...(audience.trim() ? { audience: audience.trim() } : {}) };
  }

  async function planOutline() {
    const subject = topic.trim();
    if (!subject || processing) return;
    const option = ARTICLE_LENGTH_OPTIONS.find((candidate) => candidate.length === length) ?? ARTICLE_LENGTH_OPTIONS[0];
    setSideTask('plan');
    try {
      const reply = await run('/api/ai/article-outline', { prompt: articlePrompt(subject, option.text), length: option.length, ...voiceFields() });
      if (reply?.content) setOutline(outlineHeadings(reply.content).join('\n'));
    } finally {
      setSideTask(null);
    }
  }

  async function reviseSection(section: string, action: SectionAction) {
    if (!article || processing) return;
    setSideTask('revise');
    try {
      const reply = await run('/api/ai/revise-article-section', { prompt: article.prompt, article: article.content, section, action, ...voiceFields() });
      if (reply?.content) setArticle({ ...article, content: reply.content, engine: reply.engine ?? article.engine });
    } finally {
      setSideTask(null);
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const subject = topic.trim();
    if (!subject || processing) return;
    const option = ARTICLE_LENGTH_OPTIONS.find((candidate) => candidate.length === length) ?? ARTICLE_LENGTH_OPTIONS[0];
    // The fixed prompt sentence stays exactly as it is; tone and audience travel beside it when chosen.
    const sections = outlineHeadings(outline ?? '');
    const reply = await run('/api/ai/generate-article', {
      prompt: articlePrompt(subject, option.text),
      length: option.length,
      ...voiceFields(),
      ...(sections.length ? { sections } : {}),
    });
    if (reply) setArticle({ topic: subject, prompt: articlePrompt(subject, option.text), content: reply.content ?? '', engine: reply.engine });
  }

  const finished = !processing && article !== null;

  return (
    <ToolPage tool={tool}>
      <ToolPanel icon={Sparkles} title="Article Configuration" gradient={tool.bg}>
        <form onSubmit={handleSubmit} className="flex flex-col gap-5" noValidate>
          <TopicField label="Article Topic" name="topic" value={topic} onChange={setTopic} placeholder="The future of artificial intelligence is..." maxLength={500} />
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
          <div className="flex flex-col gap-2">
            <Button type="button" variant="secondary" size="sm" className="self-start" onClick={() => void planOutline()} disabled={!canSubmit} loading={sideTask === 'plan'}>
              {outline !== null ? 'Plan the outline again' : 'Plan the outline first'}
            </Button>
            {outline !== null ? (
              <TextAreaField
                label="Outline: one section per line"
                hint="Edit, reorder, add or delete sections; the article follows them."
                value={outline}
                onChange={(event) => setOutline(event.target.value)}
                rows={Math.min(10, outline.split('\n').length + 1)}
                disabled={processing}
              />
            ) : null}
          </div>
          <ToolSubmit
            icon={<PenLine className="size-5" aria-hidden="true" />}
            disabled={!canSubmit}
            run={{ processing, quota, limitReached, progress }}
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
            {finished || sideTask === 'revise' ? <SectionActions content={shown} busy={processing} onRevise={(section, action) => void reviseSection(section, action)} /> : null}
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
