/**
 * Article writer. With a text model: the fixed prompt sentence from the web, streamed into job progress so the web shows
 * the article growing. Without one: the offline outline engine, clearly labelled as an outline.
 */
import type { JobHandler } from '@craftwell/contracts/handler';
import { TransientJobError } from '@craftwell/contracts/handler';
import { toJobError } from '../engines/text/job-errors.js';
import { buildOutline, renderOutline } from '../engines/text/offline/outline.js';
import { randomSeed } from '../engines/text/offline/random.js';
import { parseArticleTopic, validateTextPrompt } from '@craftwell/contracts/text-prompts';
import type { TextEngines } from '../engines/text/registry.js';
import { StreamProgress } from '../engines/text/stream-progress.js';

/** Tokens allowed per target word: ~1.35 tokens a word for English, with room to finish. */
const TOKENS_PER_WORD = 2;

/** The tone and audience sentences of a system prompt (none for a neutral tone and no audience). */
export function voiceInstructions(voice: { tone?: string; audience?: string }): string[] {
  return [
    ...(voice.tone && voice.tone !== 'neutral' ? [`Write in a ${voice.tone} tone.`] : []),
    ...(voice.audience ? [`Write for this audience: ${voice.audience}.`] : []),
  ];
}

export function articleSystemPrompt(targetWords: number, voice: { tone?: string; audience?: string } = {}, sections?: string[]): string {
  return [
    'You are a skilled writer. Write a complete, well-structured article in Markdown.',
    'Start with one "# " title line, then an engaging introduction, several "## " sections (with "### " subsections where useful) and a short conclusion.',
    `Aim for about ${targetWords} words.`,
    ...voiceInstructions(voice),
    ...(sections?.length ? [`Use exactly these "## " sections, in this order: ${sections.map((s, i) => `${i + 1}. ${s}`).join('; ')}.`] : []),
    'Write only the article: no preface, no notes about these instructions, no code fences around it.',
  ].join(' ');
}

/** The article handler, writing with the given text engines. */
const article = (engines: TextEngines): JobHandler<'article'> => async (ctx) => {
  const { length, tone, audience, sections } = ctx.payload;
  const prompt = validateTextPrompt(ctx.payload.prompt);
  await ctx.progress({ progress: 5, stage: 'Planning' });

  if (!engines.llm) {
    const outline = renderOutline(buildOutline({ topic: parseArticleTopic(prompt), targetWords: length, seed: randomSeed(), tone, audience, headings: sections }));
    await ctx.progress({ progress: 90, stage: 'Writing', partial: outline });
    return { kind: 'text', content: outline, engine: engines.tools.article };
  }

  const stream = new StreamProgress(ctx.progress.bind(ctx), (text) => ({
    stage: 'Writing',
    progress: Math.min(95, 10 + Math.round((85 * countWords(text)) / length)),
    partial: text,
  }));
  await ctx.progress({ progress: 10, stage: 'Writing' });
  let text: string;
  try {
    text = await engines.llm.generate(prompt, {
      system: articleSystemPrompt(length, { tone, audience }, sections),
      maxTokens: length * TOKENS_PER_WORD + 400,
      temperature: 0.7,
      signal: ctx.signal,
      onChunk: (chunk) => stream.push(chunk),
    });
  } catch (error) {
    throw toJobError(error);
  }
  await stream.flush();
  const content = unfence(text);
  if (countWords(content) === 0) throw new TransientJobError('The text model returned an empty article.');
  return { kind: 'text', content, engine: engines.tools.article };
};

export default article;

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Some models wrap the whole answer in ```markdown fences; the web renders markdown itself. */
export function unfence(text: string): string {
  const trimmed = text.trim();
  const match = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/i.exec(trimmed);
  return (match ? match[1] : trimmed).trim();
}
