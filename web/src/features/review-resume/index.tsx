import { useState, type FormEvent } from 'react';
import { JOB_DESCRIPTION_MAX_CHARS } from '@craftwell/contracts/tool-options';
import { Check, FileSearch, FileText, Sparkles } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.js';
import { TextAreaField } from '../../components/field.js';
import { Markdown } from '../../components/markdown.js';
import { paths } from '../../config/paths.js';
import { toolCards } from '../../config/tools.js';
import type { EngineInfo } from '../../lib/jobs.js';
import { FileDropArea } from '../../components/tool/file-drop-area.js';
import { MarkdownResult } from '../../components/tool/markdown-result.js';
import { EngineNotice, SuccessBanner } from '../../components/tool/notices.js';
import { isPdfFile, resumeAnalysisFileName } from '../../components/tool/rules.js';
import { ToolPage, ToolPanel, toolByPath } from '../../components/tool/tool-layout.js';
import { TextResultActions } from '../../components/tool/text-result-actions.js';
import { ToolSubmit } from '../../components/tool/tool-submit.js';
import { useToolRun } from '../../components/tool/use-tool-run.js';

const tool = toolByPath(toolCards, paths.reviewResume);

/** The review ends with what the parser read; the page shows that part beside the review. */
const WHAT_WE_READ = '\n## What We Read\n';

function splitReview(content: string): { review: string; whatWeRead: string | null } {
  const at = content.indexOf(WHAT_WE_READ);
  return at < 0 ? { review: content, whatWeRead: null } : { review: content.slice(0, at), whatWeRead: content.slice(at + WHAT_WE_READ.length) };
}

const benefits = [
  'Content analysis',
  'Formatting and structure feedback',
  'ATS compatibility assessment',
  'Improvement recommendations',
  'Professional tips',
];

export default function ReviewResumePage() {
  const [file, setFile] = useState<File | null>(null);
  const [jobDescription, setJobDescription] = useState('');
  const [analysis, setAnalysis] = useState<{ content: string; engine?: EngineInfo } | null>(null);
  const { run, processing, progress, quota, limitReached } = useToolRun('resume-review');

  function chooseFile(next: File) {
    // Only a valid PDF reaches here, and it replaces the previous analysis.
    setFile(next);
    setAnalysis(null);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file || processing) return;
    const form = new FormData();
    form.append('resume', file);
    if (jobDescription.trim()) form.append('job_description', jobDescription.trim());
    const reply = await run('/api/ai/resume-review', form);
    if (reply) setAnalysis({ content: reply.content ?? '', engine: reply.engine });
  }

  const done = analysis !== null && !processing;
  const parts = done ? splitReview(analysis.content) : null;

  return (
    <ToolPage tool={tool}>
      <ToolPanel icon={Sparkles} title="Resume Review" gradient={tool.bg}>
        <form onSubmit={handleSubmit} className="flex flex-col gap-5" noValidate>
          <FileDropArea
            label="Upload Resume"
            accept="application/pdf"
            prompt="Drop your resume here or click to browse"
            hint="text PDF format only - Max 10MB"
            isAccepted={isPdfFile}
            rejectMessage="Please upload a PDF file"
            checkPickedFiles
            file={file}
            onFile={chooseFile}
            disabled={processing}
          />
          <TextAreaField
            label="Job description (optional)"
            hint={`Paste a job ad to see which of its skills and keywords your resume has and lacks (${jobDescription.length.toLocaleString('en-US')}/${JOB_DESCRIPTION_MAX_CHARS.toLocaleString('en-US')} characters).`}
            value={jobDescription}
            maxLength={JOB_DESCRIPTION_MAX_CHARS}
            onChange={(event) => setJobDescription(event.target.value)}
            disabled={processing}
            rows={4}
          />
          <div className="rounded-xl border border-teal-100 bg-teal-50/60 px-3.5 py-3">
            <p className="mb-2 text-sm font-semibold text-teal-900">What you'll get</p>
            <ul className="grid gap-1.5 text-sm text-slate-700">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex items-center gap-2">
                  <Check className="size-4 shrink-0 text-teal-600" aria-hidden="true" />
                  {benefit}
                </li>
              ))}
            </ul>
          </div>
          <ToolSubmit
            icon={<FileSearch className="size-5" aria-hidden="true" />}
            disabled={!file || processing}
            run={{ processing, quota, limitReached, progress }}
            progressNote="Reading and analysing your resume usually takes a few seconds."
          >
            Review Resume
          </ToolSubmit>
        </form>
      </ToolPanel>

      <ToolPanel
        icon={FileText}
        title="Analysis Results"
        gradient={tool.bg}
        className="lg:min-h-[30rem]"
        actions={
          done ? (
            <TextResultActions
              text={analysis.content}
              fileName={resumeAnalysisFileName}
              copyLabel="Share"
              messages={{ copied: 'Analysis copied to clipboard!', copyFailed: 'Failed to copy analysis', downloaded: 'Analysis downloaded successfully!' }}
            />
          ) : null
        }
      >
        {done ? (
          <>
            <SuccessBanner>Analysis Complete!</SuccessBanner>
            <EngineNotice engine={analysis.engine} />
            <div className={parts?.whatWeRead ? 'grid gap-4 2xl:grid-cols-[minmax(0,1fr)_18rem]' : undefined}>
              <MarkdownResult label="Analysis">{parts?.review ?? analysis.content}</MarkdownResult>
              {parts?.whatWeRead ? (
                <aside aria-label="What we read" className="max-h-[40rem] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 text-sm">
                  <p className="mb-2 font-semibold text-slate-900">What we read</p>
                  <p className="mb-3 text-xs text-slate-500">The contacts, sections and entries taken from your PDF — the basis of every claim in the review.</p>
                  <Markdown>{parts.whatWeRead}</Markdown>
                </aside>
              ) : null}
            </div>
          </>
        ) : processing ? (
          <EmptyState icon={<FileSearch className="size-6 animate-pulse" aria-hidden="true" />} title="Analysing Your Resume..." className="flex-1">
            Your analysis appears here in a moment.
          </EmptyState>
        ) : (
          <EmptyState icon={<FileText className="size-6" aria-hidden="true" />} title="No Analysis Yet" className="flex-1">
            Upload your resume as a PDF and click “Review Resume” to get started.
          </EmptyState>
        )}
      </ToolPanel>
    </ToolPage>
  );
}
