import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Check, Copy, Hash, Sparkles } from 'lucide-react';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { paths } from '../../config/paths.js';
import { toolCards } from '../../config/tools.js';
import type { EngineInfo } from '../../lib/jobs.js';
import { ChoiceGroup } from '../../components/tool/choice-group.js';
import { copyText } from '../../components/tool/file-actions.js';
import { MarkdownResult } from '../../components/tool/markdown-result.js';
import { EngineNotice } from '../../components/tool/notices.js';
import { BLOG_CATEGORIES, blogTitlePrompt, COPIED_INDICATOR_MS } from '../../components/tool/rules.js';
import { ToolPage, ToolPanel, toolByPath } from '../../components/tool/tool-layout.js';
import { ToolSubmit } from '../../components/tool/tool-submit.js';
import { TopicField } from '../../components/tool/topic-field.js';
import { useToolRun } from '../../components/tool/use-tool-run.js';

const tool = toolByPath(toolCards, paths.blogTitles);
const categoryChoices = BLOG_CATEGORIES.map((category) => ({ value: category, label: category }));

export default function BlogTitlesPage() {
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string>(BLOG_CATEGORIES[0]);
  const [titles, setTitles] = useState<{ content: string; engine?: EngineInfo } | null>(null);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { run, processing, progress, quota, limitReached } = useToolRun('blog-title');

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const subject = keyword.trim();
    if (!subject || processing) return;
    const reply = await run('/api/ai/generate-blog-title', { prompt: blogTitlePrompt(subject, category) });
    if (reply) setTitles({ content: reply.content ?? '', engine: reply.engine });
  }

  async function handleCopy() {
    if (!titles) return;
    if (await copyText(titles.content)) {
      toast.success('Titles copied to clipboard!');
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    } else {
      toast.error('Failed to copy to clipboard');
    }
  }

  return (
    <ToolPage tool={tool}>
      <ToolPanel icon={Sparkles} title="AI Title Generator" gradient={tool.bg}>
        <form onSubmit={handleSubmit} className="flex flex-col gap-5" noValidate>
          <TopicField label="Keyword or Topic" name="keyword" value={keyword} onChange={setKeyword} placeholder="The future of artificial intelligence" maxLength={300} />
          <ChoiceGroup legend="Category" choices={categoryChoices} value={category} onChange={setCategory} disabled={processing} />
          <ToolSubmit
            icon={<Hash className="size-5" aria-hidden="true" />}
            disabled={keyword.trim() === '' || processing}
            run={{ processing, quota, limitReached, progress }}
          >
            Generate Titles
          </ToolSubmit>
        </form>
      </ToolPanel>

      <ToolPanel
        icon={Hash}
        title="Generated Titles"
        gradient={tool.bg}
        className="lg:min-h-[26rem]"
        actions={
          titles ? (
            <Button
              variant="secondary"
              size="sm"
              icon={copied ? <Check className="size-4 text-emerald-600" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
              onClick={() => void handleCopy()}
            >
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          ) : null
        }
      >
        {titles ? (
          <>
            <EngineNotice engine={titles.engine} note="These titles come from headline formulas, not an AI model." />
            <MarkdownResult label="Generated titles">{titles.content}</MarkdownResult>
          </>
        ) : processing ? (
          <EmptyState icon={<Hash className="size-6 animate-pulse" aria-hidden="true" />} title="Finding the right words..." className="flex-1">
            Your titles appear here in a moment.
          </EmptyState>
        ) : (
          <EmptyState icon={<Hash className="size-6" aria-hidden="true" />} title="No Titles Yet" className="flex-1">
            Enter a keyword, pick a category and click “Generate Titles” to get started.
          </EmptyState>
        )}
      </ToolPanel>
    </ToolPage>
  );
}
