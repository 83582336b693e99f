import { useState, type FormEvent } from 'react';
import { Check, FileSearch, FileText, Sparkles } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.js';
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

const benefits = [
  'Content analysis',
  'Formatting and structure feedback',
  'ATS compatibility assessment',
  'Improvement recommendations',
  'Professional tips',
];

export default function ReviewResumePage() {
  const [file, setFile] = useState<File | null>(null);
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
    const reply = await run('/api/ai/resume-review', form);
    if (reply) setAnalysis({ content: reply.content ?? '', engine: reply.engine });
  }

  const done = analysis !== null && !processing;

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
            processing={processing}
            quota={quota}
            limitReached={limitReached}
            progress={progress}
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
            <MarkdownResult label="Analysis">{analysis.content}</MarkdownResult>
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
