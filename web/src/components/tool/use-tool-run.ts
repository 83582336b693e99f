import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { ToolKey } from '../../lib/app-config.js';
import { isAbortError, runJob, type JobProgress, type ToolReply } from '../../lib/jobs.js';
import { useToolQuota } from './use-tool-quota.js';

/** HTTP status the api answers when the monthly limit of a tool is used up. */
const LIMIT_REACHED_STATUS = 402;

/**
 * One tool run at a time: processing flag, live job progress, each tool's own error toasts
 * (server message on success:false, the error's message on a throw) and the quota hint.
 * Processing ends either way; leaving the screen abandons the polling.
 */
export function useToolRun(tool: ToolKey) {
  const [processing, setProcessing] = useState(false);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const { quota, refresh: refreshQuota } = useToolQuota(tool);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (path: string, body: unknown): Promise<ToolReply | null> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setProcessing(true);
      setProgress(null);
      setLimitReached(false);
      try {
        const reply = await runJob(path, body, { signal: controller.signal, onProgress: setProgress });
        if (reply.success) return reply;
        if (reply.status === LIMIT_REACHED_STATUS) setLimitReached(true);
        toast.error(reply.message || 'Something went wrong');
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
    [refreshQuota],
  );

  return { run, processing, progress, quota, limitReached };
}
