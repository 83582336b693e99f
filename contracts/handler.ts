/**
 * The contract between the pipeline and a job handler. A handler turns a validated payload into
 * output (markdown or PNG bytes); the pipeline then stores the object, inserts the creation row
 * and counts usage, all-or-nothing. Handlers never write to Postgres or storage themselves.
 */
import { codeForStatus, CraftwellError, type ErrorCode } from './errors.js';
import type { EngineInfo, JobName, JobPayload } from './jobs.js';

export interface ProgressUpdate {
  /** 0-100 */
  progress: number;
  /** One of the job definition's stages. */
  stage: string;
  /** Partial text so far (streamed article), shown while the job runs. */
  partial?: string;
}

export interface JobContext<N extends JobName = JobName> {
  payload: JobPayload<N>;
  /** Aborted on timeout, cancellation or shutdown: pass it to providers and long loops. */
  signal: AbortSignal;
  progress(update: ProgressUpdate): Promise<void>;
  /** Reads an uploaded input (payload.inputKey / maskKey) from object storage. */
  readInput(key: string): Promise<Buffer>;
  attempt: number;
}

export type HandlerOutput =
  | { kind: 'text'; content: string; engine: EngineInfo }
  | { kind: 'image'; png: Buffer; engine: EngineInfo; publish?: boolean };

export type JobHandler<N extends JobName = JobName> = (ctx: JobContext<N>) => Promise<HandlerOutput>;

/**
 * Bad input or a result that cannot exist ("Couldn't find "cat" in this image"): message shown
 * to the user as is, no creation, no quota spent. Retried only if its code says so (the codes of
 * bad input never do).
 */
export class UserFacingJobError extends CraftwellError {
  constructor(message: string, status = 422, code: ErrorCode = codeForStatus(status)) {
    super(code, message, { status });
    this.name = 'UserFacingJobError';
  }
}

/**
 * A provider hiccup (no answer in time, 429, 5xx): provider_unavailable, retried with backoff;
 * the message is shown if attempts run out. `status` only narrows the code's (504: no answer).
 */
export class TransientJobError extends CraftwellError {
  constructor(message: string, status = 503) {
    super('provider_unavailable', message, { status });
    this.name = 'TransientJobError';
  }
}
