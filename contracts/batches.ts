/**
 * Batches: many images through one image tool as one piece of work (api and web share this).
 * Each item runs as an ordinary job of its tool, behind interactive requests; each is charged
 * only when it succeeds.
 */
import type { ErrorCode } from './errors.js';
import type { ImagePresetName } from './tool-options.js';

/** The tools a batch can run (their job names, as in TOOLS). */
export const BATCH_TOOLS = ['remove-background', 'remove-object'] as const;
export type BatchTool = (typeof BATCH_TOOLS)[number];

/** Images in one batch, sent at once or added in several requests (each under the request cap). */
export const MAX_BATCH_ITEMS = 100;
/** What the images of one zip may unpack to, in all (each image also keeps the single-image limit). */
export const MAX_BATCH_ZIP_UNPACKED_BYTES = 150 * 1024 * 1024;

/**
 * An item's state: `refused` never ran (not an image, a duplicate, no quota left; not charged),
 * `failed` ran and failed (not charged), `cancelled` was stopped (not charged).
 */
export const BATCH_ITEM_STATES = ['queued', 'active', 'done', 'failed', 'cancelled', 'refused'] as const;
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];

export interface BatchItemView {
  /** 0-based place in the batch, in the order the files were sent. */
  position: number;
  fileName: string;
  state: BatchItemState;
  /** While queued: its place in the tool's queue (1 = next). */
  queuePosition?: number;
  /** While active: 0–100. */
  progress?: number;
  /** Once done: the creation and the result image's URL. */
  creationId?: string;
  content?: string;
  /** Why it failed, was cancelled or refused. */
  code?: ErrorCode;
  message?: string;
}

export interface BatchView {
  id: string;
  tool: BatchTool;
  /** remove-object: the object removed from every image. */
  object?: string;
  /** remove-object: a brush mask is applied to every image (scaled to its size). */
  mask?: boolean;
  /** remove-background: the finishing preset applied to every image, and its colour. */
  preset?: ImagePresetName;
  colour?: string;
  createdAt: string;
  cancelled: boolean;
  /** How many items are in each state. */
  counts: Record<BatchItemState, number>;
  /** At the pace so far; null until an item is done or once nothing is left. */
  estimatedSecondsLeft: number | null;
  items: BatchItemView[];
}

/** One line of the account's batch list (newest first): the view without its items. */
export type BatchSummary = Omit<BatchView, 'items' | 'estimatedSecondsLeft'>;
