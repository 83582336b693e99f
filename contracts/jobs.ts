/**
 * Job contracts: the single definition of every job, imported by both the api (producer) and the
 * worker (consumer). Payloads are plain JSON — ids and storage keys, never file bytes or secrets.
 */
import { z } from 'zod';
import {
  ARTICLE_MAX_SECTIONS, ARTICLE_TONES, JOB_DESCRIPTION_MAX_CHARS,
  MAX_PROMPT_CHARS, SECTION_ACTIONS,
} from './tool-options.js';

export const QUEUE_NAMES = ['text', 'image', 'pdf'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

// The tools' choices and limits live in tool-options.ts (no imports, so the web bundles them).
export * from './tool-options.js';

const userId = z.string().min(1);
/**
 * Chosen by the api for each request: quota reservations and the creation row are keyed by it, so
 * they do not depend on how a queue adapter names its jobs. Absent for jobs enqueued directly.
 */
const requestId = z.string().regex(/^[\w-]{1,100}$/).optional();
const storageKey = z.string().min(1).max(512);


/** Payload schemas, validated by the api before enqueueing and by the worker before running. */
export const payloadSchemas = {
  article: z.object({
    userId,
    requestId,
    prompt: z.string().min(1).max(MAX_PROMPT_CHARS),
    length: z.union([z.literal(800), z.literal(1200), z.literal(1600)]),
    tone: z.enum(ARTICLE_TONES).optional(),
    audience: z.string().trim().max(100).optional(),
    /** The section headings the user planned (and maybe edited); the draft follows them. */
    sections: z.array(z.string().trim().min(1).max(120)).min(1).max(ARTICLE_MAX_SECTIONS).optional(),
  }),
  /** One section of an existing article rewritten, lengthened or shortened; saved as a new version. */
  'article-section': z.object({
    userId,
    requestId,
    prompt: z.string().min(1).max(2500),
    article: z.string().min(1).max(60_000),
    section: z.string().trim().min(1).max(200),
    action: z.enum(SECTION_ACTIONS),
    tone: z.enum(ARTICLE_TONES).optional(),
    audience: z.string().trim().max(100).optional(),
  }),
  /** The section headings of an article, planned before the draft: shown for editing, never saved. */
  'article-outline': z.object({
    userId,
    requestId,
    prompt: z.string().min(1).max(2500),
    length: z.union([z.literal(800), z.literal(1200), z.literal(1600)]),
    tone: z.enum(ARTICLE_TONES).optional(),
    audience: z.string().trim().max(100).optional(),
    save: z.literal(false).default(false),
  }),
  'blog-title': z.object({
    userId,
    requestId,
    prompt: z.string().min(1).max(MAX_PROMPT_CHARS),
  }),
  'generate-image': z.object({
    userId,
    requestId,
    prompt: z.string().min(1).max(MAX_PROMPT_CHARS),
    publish: z.boolean(),
  }),
  'remove-background': z.object({
    userId, requestId, inputKey: storageKey,
    /** The user's earlier creation this one is made from (the dashboard shows the link). */
    sourceId: z.uuid().optional(),
    /** A preset's finishing (tool-options.ts IMAGE_PRESETS): colour behind, square side, margin. */
    finish: z.object({
      background: z.string().regex(/^#[0-9a-fA-F]{6}$/),
      square: z.number().int().min(64).max(4096),
      padding: z.number().min(0).max(0.4),
    }).optional(),
  }),
  'remove-object': z.object({
    userId,
    requestId,
    inputKey: storageKey,
    sourceId: z.uuid().optional(),
    object: z.string().min(1).max(100),
    maskKey: storageKey.optional(),
    /** Which instance of the object (index from /api/ai/detect-objects), all of them, or the one under a point. */
    instance: z.number().int().min(0).max(99).optional(),
    /** Several instances picked on the page. */
    instances: z.array(z.number().int().min(0).max(99)).min(1).max(100).optional(),
    all: z.boolean().optional(),
    point: z.object({ x: z.number().min(0).max(100_000), y: z.number().min(0).max(100_000) }).optional(),
    /** Remove it even when another object rests on it (a dog on a bench), leaving that in mid-air. */
    leaveFloating: z.boolean().optional(),
  }),
  /** Mask-first object removal, step one: the instances of a named object (no creation, no quota). */
  'detect-objects': z.object({
    userId,
    requestId,
    inputKey: storageKey,
    object: z.string().min(1).max(100),
    point: z.object({ x: z.number().min(0).max(100_000), y: z.number().min(0).max(100_000) }).optional(),
    save: z.literal(false).default(false),
  }),
  'resume-review': z.object({ userId, requestId, inputKey: storageKey, jobDescription: z.string().max(JOB_DESCRIPTION_MAX_CHARS).optional() }),
  /** Used by the pipeline's own tests and benchmarks; never reachable from /api/ai. */
  'test-echo': z.object({
    userId,
    requestId,
    text: z.string().max(10_000),
    mode: z.enum(['ok', 'throw', 'crash', 'sleep', 'spin', 'native', 'transient', 'image']).default('ok'),
    sleepMs: z.number().int().min(0).max(600_000).optional(),
    /** An uploaded input the job reads at its end (and the pipeline deletes once the job is done). */
    inputKey: storageKey.optional(),
    save: z.boolean().default(true),
  }),
} as const;

export type JobName = keyof typeof payloadSchemas;
export type JobPayload<N extends JobName> = z.infer<(typeof payloadSchemas)[N]>;

/** Which engine served a job, so the web can label offline output honestly. */
export const engineInfoSchema = z.object({
  id: z.string(),          // e.g. "openai", "offline-outline", "isnet"
  label: z.string(),       // e.g. "Offline outline engine (no AI model configured)"
  offline: z.boolean(),    // true when no LLM / hosted model produced the content
  note: z.string().max(500).optional(), // what this run did, e.g. which instance was removed
});
export type EngineInfo = z.infer<typeof engineInfoSchema>;

/** What every job returns once its creation row is stored. */
export const jobResultSchema = z.object({
  creationId: z.string(),
  content: z.string(),     // markdown, or the public URL of the stored image
  engine: engineInfoSchema,
});
export type JobResult = z.infer<typeof jobResultSchema>;

export interface JobDefinition {
  queue: QueueName;
  /** creations.type written for this job's creation row */
  creationType: string;
  /** Ordered progress stages shown to the user. */
  stages: readonly string[];
  /** Hard limit for one attempt, in ms. */
  timeoutMs: number;
  /** Attempts in total (1 = never retried). Only TransientJobError is retried. */
  attempts: number;
  /** Whether the job consumes the user's quota for the tool (test jobs do not). */
  quotaTool: ToolName | null;
}

export const TOOL_NAMES = [
  'article', 'blog-title', 'generate-image', 'remove-background', 'remove-object', 'resume-review',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const JOBS: Record<JobName, JobDefinition> = {
  article: {
    queue: 'text', creationType: 'article', quotaTool: 'article',
    stages: ['Queued', 'Planning', 'Writing', 'Saving'], timeoutMs: 180_000, attempts: 3,
  },
  'article-section': {
    queue: 'text', creationType: 'article', quotaTool: 'article',
    stages: ['Queued', 'Writing', 'Saving'], timeoutMs: 120_000, attempts: 3,
  },
  // Planning is free and unsaved: the quota is spent on the draft.
  'article-outline': {
    queue: 'text', creationType: 'article', quotaTool: null,
    stages: ['Queued', 'Planning'], timeoutMs: 60_000, attempts: 2,
  },
  'blog-title': {
    queue: 'text', creationType: 'blog-title', quotaTool: 'blog-title',
    stages: ['Queued', 'Generating', 'Saving'], timeoutMs: 60_000, attempts: 3,
  },
  'generate-image': {
    queue: 'image', creationType: 'image', quotaTool: 'generate-image',
    stages: ['Queued', 'Generating', 'Saving'], timeoutMs: 180_000, attempts: 3,
  },
  'remove-background': {
    queue: 'image', creationType: 'image', quotaTool: 'remove-background',
    stages: ['Queued', 'Loading image', 'Removing background', 'Saving'], timeoutMs: 120_000, attempts: 2,
  },
  'remove-object': {
    queue: 'image', creationType: 'image', quotaTool: 'remove-object',
    stages: ['Queued', 'Loading image', 'Finding object', 'Filling', 'Saving'], timeoutMs: 180_000, attempts: 2,
  },
  'detect-objects': {
    queue: 'image', creationType: 'detect', quotaTool: null,
    stages: ['Queued', 'Finding objects'], timeoutMs: 60_000, attempts: 2,
  },
  'resume-review': {
    queue: 'pdf', creationType: 'resume-review', quotaTool: 'resume-review',
    stages: ['Queued', 'Reading PDF', 'Analysing', 'Writing review', 'Saving'], timeoutMs: 120_000, attempts: 2,
  },
  'test-echo': {
    queue: 'text', creationType: 'test', quotaTool: null,
    stages: ['Queued', 'Working', 'Saving'], timeoutMs: 30_000, attempts: 2,
  },
};

export function queueOf(name: JobName): QueueName {
  return JOBS[name].queue;
}

export function parsePayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  return payloadSchemas[name].parse(data) as JobPayload<N>;
}
