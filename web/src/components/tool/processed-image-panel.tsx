import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../empty-state.js';
import type { ToolCard } from '../../config/tools.js';
import type { EngineInfo, JobProgress } from '../../lib/jobs.js';
import { BeforeAfter } from './before-after.js';
import { ImageResultActions } from './image-result-actions.js';
import { ProgressSpinner } from './job-progress-bar.js';
import { EngineNotice, SuccessBanner } from './notices.js';
import { ToolPanel } from './tool-layout.js';

/** Where an image tool's run stands, as the result panel shows it. */
export interface ProcessedImageView {
  previewUrl: string | null;
  resultUrl: string | null;
  /** A result is there and no run is under way. */
  done: boolean;
  loaded: boolean;
  onLoaded: () => void;
  processing: boolean;
  progress: JobProgress | null;
}

/** The tool's own words: the result's caption, the hint before the first run, the empty state's text. */
export interface ProcessedImageTexts {
  resultLabel: string;
  idleHint: string;
  emptyText: string;
}

/**
 * The result side of the image-editing tools: download actions once the result has loaded,
 * the success and offline-engine notices, the original beside the result (or the empty state
 * before any upload), then anything the tool adds below (`children`).
 */
export function ProcessedImagePanel(props: {
  icon: LucideIcon;
  gradient: ToolCard['bg'];
  view: ProcessedImageView;
  texts: ProcessedImageTexts;
  fileName: () => string;
  /** Shown once a result is there. */
  success: ReactNode;
  engine: EngineInfo | undefined;
  engineNote?: string;
  checkerboard?: boolean;
  children?: ReactNode;
}) {
  const { icon: Icon, view, texts } = props;
  return (
    <ToolPanel
      icon={Icon}
      title="Processed Image"
      gradient={props.gradient}
      className="lg:min-h-[26rem]"
      actions={view.done && view.loaded && view.resultUrl ? <ImageResultActions url={view.resultUrl} fileName={props.fileName} /> : null}
    >
      {view.done ? <SuccessBanner>{props.success}</SuccessBanner> : null}
      {view.done ? <EngineNotice engine={props.engine} note={props.engineNote} /> : null}
      {view.previewUrl ? (
        <BeforeAfter
          originalUrl={view.previewUrl}
          resultUrl={view.resultUrl}
          resultLabel={view.processing ? 'Processing...' : view.resultUrl !== null ? texts.resultLabel : 'Result'}
          processing={view.processing}
          loaded={view.loaded}
          onLoaded={view.onLoaded}
          failMessage="Failed to load processed image"
          checkerboard={props.checkerboard}
          progressSlot={view.processing ? <ProgressSpinner progress={view.progress} /> : <p className="text-center text-sm text-slate-500">{texts.idleHint}</p>}
        />
      ) : (
        <EmptyState icon={<Icon className="size-6" aria-hidden="true" />} title="No Image Yet" className="flex-1">
          {texts.emptyText}
        </EmptyState>
      )}
      {props.children}
    </ToolPanel>
  );
}
