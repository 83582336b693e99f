/** Messages between the in-process adapter's main side and its worker threads. */
import type { ProgressUpdate } from '@craftwell/contracts/handler';
import type { AbortCause, AttemptOutcome } from './attempt.js';

export interface ThreadData {
  processorUrl: string;
  abortGraceMs: number;
}

export type MainToThread =
  | { type: 'run'; runId: string; jobId: string; name: string; payload: unknown; attempt: number; timeoutMs: number }
  | { type: 'abort'; runId: string; reason: AbortCause };

export type ThreadToMain =
  | { type: 'ready' }
  | { type: 'init-error'; message: string }
  | { type: 'progress'; runId: string; update: ProgressUpdate }
  | { type: 'outcome'; runId: string; outcome: AttemptOutcome }
  | { type: 'log'; message: string };
