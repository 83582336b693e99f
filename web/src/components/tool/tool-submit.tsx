import type { ReactNode } from 'react';
import { Button } from '../button.js';
import type { JobProgress } from '../../lib/jobs.js';
import { JobProgressBar } from './job-progress-bar.js';
import { QuotaHint } from './quota-hint.js';
import type { ToolQuota } from './use-tool-quota.js';

/**
 * The foot of every tool form: the submit button (with the tool's own label and processing text),
 * the remaining quota under it, and the job's progress bar while it runs.
 */
export function ToolSubmit({ run, ...props }: {
  children: ReactNode;
  icon: ReactNode;
  disabled: boolean;
  /** The tool's run state, as useToolRun gives it. */
  run: { processing: boolean; quota: ToolQuota | null; limitReached: boolean; progress: JobProgress | null };
  /** id of a notice explaining why the tool is unavailable */
  describedBy?: string;
  progressNote?: string;
}) {
  return (
    <>
      <div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={props.disabled}
          aria-describedby={props.describedBy}
          loading={run.processing}
          icon={props.icon}
        >
          {props.children}
        </Button>
        <QuotaHint quota={run.quota} limitReached={run.limitReached} />
      </div>
      {run.processing ? <JobProgressBar progress={run.progress} note={props.progressNote} /> : null}
    </>
  );
}
