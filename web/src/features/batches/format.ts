/** The words of the batch view, kept pure so each is tested on its own. */
import type { BatchItemState, BatchItemView, BatchTool } from '@craftwell/contracts/batches';

type Counts = Record<BatchItemState, number>;

export function totalOf(counts: Counts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** Anything still waiting or running (polling goes on while so). */
export function isUnfinished(counts: Counts): boolean {
  return counts.queued + counts.active > 0;
}

/** "about 3 min left", "less than a minute left", or '' when unknown. */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} min left`;
  const hours = Math.round(minutes / 6) / 10;
  return `about ${hours} h left`;
}

/** "12 of 40 done · 2 failed · about 3 min left" (ETA only while something is left). */
export function summaryText(counts: Counts, estimatedSecondsLeft: number | null): string {
  const parts = [`${counts.done} of ${totalOf(counts)} done`];
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.refused > 0) parts.push(`${counts.refused} refused`);
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} cancelled`);
  if (!isUnfinished(counts)) return `Finished: ${parts.join(' · ')}`;
  const left = timeLeftText(estimatedSecondsLeft);
  if (left) parts.push(left);
  return parts.join(' · ');
}

/** Share of the batch that is over (done, failed, cancelled or refused), 0–100. */
export function finishedPercent(counts: Counts): number {
  const total = totalOf(counts);
  if (total === 0) return 0;
  return Math.round(((total - counts.queued - counts.active) / total) * 100);
}

export const STATE_LABELS: Record<BatchItemState, string> = {
  queued: 'Queued',
  active: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refused: 'Refused',
};

/** The line under an item's name: its place in line, progress, or why it stopped. */
export function itemDetail(item: BatchItemView): string {
  switch (item.state) {
    case 'queued':
      return item.queuePosition && item.queuePosition > 0 ? `Position ${item.queuePosition} in line` : 'Waiting to start';
    case 'active':
      return `${Math.max(0, Math.min(100, Math.round(item.progress ?? 0)))}%`;
    case 'done':
      return '';
    default:
      return item.message ?? '';
  }
}

/** Where the page keeps the batch it shows, so a reload or a closed tab finds it again. */
export function storageKey(tool: BatchTool): string {
  return `craftwell.batch.${tool}`;
}

export function readStoredBatchId(tool: BatchTool): string | null {
  try {
    return localStorage.getItem(storageKey(tool));
  } catch {
    return null;
  }
}

export function storeBatchId(tool: BatchTool, id: string | null): void {
  try {
    if (id) localStorage.setItem(storageKey(tool), id);
    else localStorage.removeItem(storageKey(tool));
  } catch {
    // Private mode or a full storage: the batch still runs, it is only not found again on reload.
  }
}
