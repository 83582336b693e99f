import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { ToolKey } from '../../lib/app-config.js';
import { isAbortError, runJob, type JobProgress, type ToolReply } from '../../lib/jobs.js';
import { configureText, errorAction } from '../../lib/error-actions.js';
import { useToolQuota } from './use-tool-quota.js';

/**
 * One tool run at a time: processing flag, live job progress, each tool's own error toasts
 * (server message on success:false, the error's message on a throw) and the quota hint.
 * A refusal is acted on by its code: quota_exceeded shows the upgrade hint, rate_limited holds
 * the next run back until Retry-After has passed, not_configured names what the operator sets.
 * Processing ends either way; leaving the screen abandons the polling.
 */
export function useToolRun(tool: ToolKey) {
  const [processing, setProcessing] = useState(false);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  /** Until when (ms since epoch) the server asked us not to send another run. */
  const backOffUntilRef = useRef(0);
  const { quota, refresh: refreshQuota } = useToolQuota(tool);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (path: string, body: unknown): Promise<ToolReply | null> => {
      const waitMs = backOffUntilRef.current - Date.now();
      if (waitMs > 0) {
        toast.error(`Too many requests. Please try again in ${Math.ceil(waitMs / 1000)} seconds.`);
        return null;
      }
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setProcessing(true);
      setProgress(null);
      setLimitReached(false);
      try {
        const reply = await runJob(path, body, { signal: controller.signal, onProgress: setProgress });
        if (reply.success) return reply;
        const action = errorAction(reply, tool);
        if (action.kind === 'upgrade') setLimitReached(true);
        if (action.kind === 'back-off') backOffUntilRef.current = Date.now() + action.seconds * 1000;
        const message = reply.message || 'Something went wrong';
        toast.error(action.kind === 'configure' ? `${message} ${configureText(action.needs)}` : message);
        return null;
      } catch (error) {
        if (!isAbortError(error)) toast.error(error instanceof Error ? error.message : String(error));
        return null;
      } finally {
        if (!controller.signal.aborted) {
          setProcessing(false);
          setProgress(null);
          refreshQuota();
        }
      }
    },
    [refreshQuota, tool],
  );

  return { run, processing, progress, quota, limitReached };
}
